import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponseSchema, DataExportSchema } from '../../contract/privacy';
import { ErrorBodySchema } from '../../contract/errors';
import { addDays, toCinemaDate } from '../../contract/time';
import { schema } from '../../db';
import { ManualClock } from '../../lib/infra/clock';
import { issueToken } from '../auth/tokens';
import {
  buildFilm,
  buildPerson,
  buildReview,
  buildSession,
  buildSignedInUser,
  buildTicket,
  buildUser,
  TEST_PASSWORD,
} from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { connectLiveClient } from '../../testing/live-client';

const clock = new ManualClock();
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ clock });
});
afterAll(() => t.close());

let lastAddress = 0;
/** Each registration from its own address, past the registration rate limit. */
const register = (body: Record<string, unknown>) =>
  t.fetch('/api/register', {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': `203.0.113.${++lastAddress}` },
  });
const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `consent-${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'correct horse battery',
  fio: 'Олег Согласный',
  birthday: '1995-01-01',
  personal_data_consent: true,
  ...overrides,
});
const signIn = (email: string, password: string) =>
  t.fetch('/api/authenticate', { method: 'POST', json: { email, password } });
const rows = async (table: typeof schema.users | typeof schema.consents) =>
  (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
const tokenOf = async (email: string, password = 'correct horse battery') =>
  ((await (await signIn(email, password)).json()) as { token: string }).token;

describe('consent at registration', () => {
  it('records the processing consent with the document, version, text hash, time, address and channel', async () => {
    const body = registration();
    const res = await register(body);
    expect(res.status).toBe(200);
    const token = await tokenOf(body.email);
    const { status, body: consents } = await t.call('GET /profile/consents', {}, token);
    expect(status).toBe(200);
    ConsentsResponseSchema.parse(consents);
    const document = (await t.call('GET /documents/:slug', { params: { slug: 'personal-data-consent' } })).body;
    expect(consents).toMatchObject({ personal_data: true, marketing: false });
    expect(consents.records).toEqual([
      {
        id: expect.any(Number),
        document: 'personal-data-consent',
        title: document.title,
        version: document.version,
        text_hash: document.text_hash,
        action: 'given',
        channel: 'web',
        ip_address: `203.0.113.${lastAddress}`,
        created_at: expect.any(String),
      },
    ]);
  });

  it('records the marketing consent apart when its box is ticked', async () => {
    const body = registration({ marketing_consent: true });
    expect((await register(body)).status).toBe(200);
    const { body: consents } = await t.call('GET /profile/consents', {}, await tokenOf(body.email));
    expect(consents.marketing).toBe(true);
    expect(consents.records.map((r) => [r.document, r.action])).toEqual([
      ['marketing-consent', 'given'],
      ['personal-data-consent', 'given'],
    ]);
  });

  it.each([
    ['without the consent', { personal_data_consent: undefined }],
    ['with the consent refused', { personal_data_consent: false }],
  ])('returns 400 naming personal_data_consent %s, and writes no account and no consent', async (_case, overrides) => {
    const [users, consents] = [await rows(schema.users), await rows(schema.consents)];
    const res = await register(registration(overrides));
    expect(res.status).toBe(400);
    const { error } = ErrorBodySchema.parse(await res.json());
    expect(error.code).toBe('invalid_input');
    expect(error.details).toEqual({
      fields: { personal_data_consent: 'Нужно согласие на обработку персональных данных' },
    });
    expect([await rows(schema.users), await rows(schema.consents)]).toEqual([users, consents]);
  });

  it('keeps naming the version a viewer consented to after the admin publishes a new one', async () => {
    const earlier = registration();
    expect((await register(earlier)).status).toBe(200);
    const admin = (await buildSignedInUser(t.ctx, { role: 'admin' })).token;
    const edit = { title: 'Согласие на обработку персональных данных', body: 'Новая редакция согласия.' };
    const published = await t.call(
      'PUT /documents/:slug',
      { params: { slug: 'personal-data-consent' }, body: edit },
      admin,
    );
    expect(published.status).toBe(200);
    const later = registration();
    expect((await register(later)).status).toBe(200);

    const [first] = (await t.call('GET /profile/consents', {}, await tokenOf(earlier.email))).body.records;
    const [second] = (await t.call('GET /profile/consents', {}, await tokenOf(later.email))).body.records;
    expect(first!.version).toBe(published.body.version - 1);
    expect(second).toMatchObject({ version: published.body.version, text_hash: published.body.text_hash });
    expect(first!.text_hash).not.toBe(second!.text_hash);
  });

  it('returns 401 for the consents of a guest', async () => {
    expect((await t.call('GET /profile/consents')).status).toBe(401);
  });
});

describe('PUT /api/profile/consents/marketing', () => {
  it('withdraws the marketing consent at once: the flag every marketing send reads turns off, the withdrawal is recorded', async () => {
    const body = registration({ marketing_consent: true });
    const { user } = (await (await register(body)).json()) as { user: { id: number } };
    const token = await tokenOf(body.email);
    const flag = async () =>
      (await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id)))[0]!.marketingConsent;
    expect(await flag()).toBe(true);

    const { status, body: after } = await t.call(
      'PUT /profile/consents/marketing',
      { body: { marketing_consent: false } },
      token,
    );
    expect(status).toBe(200);
    expect(after.marketing).toBe(false);
    expect(after.records[0]).toMatchObject({ document: 'marketing-consent', action: 'withdrawn', channel: 'profile' });
    expect(await flag()).toBe(false);

    // Clearing a clear box says nothing new: no record.
    const again = await t.call('PUT /profile/consents/marketing', { body: { marketing_consent: false } }, token);
    expect(again.body.records).toHaveLength(after.records.length);

    const given = await t.call('PUT /profile/consents/marketing', { body: { marketing_consent: true } }, token);
    expect(given.body.marketing).toBe(true);
    expect(await flag()).toBe(true);
  });

  it('returns 400 for an answer that is not a boolean, and 401 for a guest', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const bad = await t.call('PUT /profile/consents/marketing', { body: { marketing_consent: 'yes' } }, token);
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.error.details as { fields: object }).fields)).toEqual(['marketing_consent']);
    expect((await t.call('PUT /profile/consents/marketing', { body: { marketing_consent: true } })).status).toBe(401);
  });
});

/** A viewer with something of everything: a sold ticket, a review, favourites, consents. */
async function viewerWithHistory() {
  const body = registration({ marketing_consent: true });
  const { user } = (await (await register(body)).json()) as { user: { id: number } };
  const film = await buildFilm(t.ctx.db, { title: 'Фильм из выгрузки' });
  const session = await buildSession(t.ctx.db, { filmId: film.id });
  const ticket = await buildTicket(t.ctx.db, { sessionId: session.id, userId: user.id, seatNumber: 'r2m3' });
  await t.ctx.db.update(schema.orders).set({ email: body.email }).where(eq(schema.orders.id, ticket.orderId));
  const review = await buildReview(t.ctx.db, { filmId: film.id, userId: user.id, title: 'Мой отзыв' });
  const person = await buildPerson(t.ctx.db, { fio: 'Любимая Актриса' });
  await t.ctx.db.insert(schema.favouriteFilms).values({ userId: user.id, filmId: film.id });
  await t.ctx.db.insert(schema.favouritePersons).values({ userId: user.id, personId: person.id });
  return { ...body, id: user.id, film, session, ticket, review, person, token: await tokenOf(body.email) };
}

describe('GET /api/profile/export', () => {
  it('returns 200 with the profile, consents, orders, tickets, reviews and favourites, as a file', async () => {
    const v = await viewerWithHistory();
    const res = await t.fetch('/api/profile/export', { token: v.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kino-my-data.json"');
    const data = DataExportSchema.parse(await res.json());
    expect(data.profile).toMatchObject({
      id: v.id,
      email: v.email,
      fio: v.fio,
      birthday: v.birthday,
      marketing_consent: true,
    });
    expect(data.consents.map((c) => c.document).sort()).toEqual(['marketing-consent', 'personal-data-consent']);
    expect(data.orders).toEqual([
      expect.objectContaining({ id: v.ticket.orderId, email: v.email, status: 'paid', ticket_ids: [v.ticket.id] }),
    ]);
    expect(data.tickets).toEqual([
      expect.objectContaining({ id: v.ticket.id, film: 'Фильм из выгрузки', seat: 'r2m3', status: 'paid' }),
    ]);
    expect(data.reviews.map((r) => r.title)).toEqual(['Мой отзыв']);
    expect(data.favourites.films.map((f) => f.title)).toEqual(['Фильм из выгрузки']);
    expect(data.favourites.persons.map((p) => p.name)).toEqual(['Любимая Актриса']);
  });

  it('returns 401 for a guest and for a revoked token', async () => {
    expect((await t.call('GET /profile/export')).status).toBe(401);
    const { token } = await buildSignedInUser(t.ctx);
    await t.call('GET /logout', {}, token);
    expect((await t.call('GET /profile/export', {}, token)).status).toBe(401);
  });
});

describe('DELETE /api/profile', () => {
  const salesOf = async (sessionDay: string, admin: string) =>
    (
      await t.call(
        'GET /reports/sales',
        { query: { from: addDays(sessionDay, -1), to: addDays(sessionDay, 1), by: 'film' } },
        admin,
      )
    ).body;

  it('anonymises the account, ends its sign-in and sockets, and keeps its tickets and the sales figures', async () => {
    const v = await viewerWithHistory();
    const admin = (await buildSignedInUser(t.ctx, { role: 'admin' })).token;
    const day = toCinemaDate(v.session.startTime);
    const salesBefore = await salesOf(day, admin);
    expect(JSON.stringify(salesBefore)).toContain('Фильм из выгрузки');
    const socket = await connectLiveClient(t.url, v.token);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    const res = await t.call('DELETE /profile', { body: { password: 'correct horse battery' } }, v.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Аккаунт удалён');
    await disconnected;

    expect((await signIn(v.email, 'correct horse battery')).status).toBe(401);
    expect((await t.call('GET /profile', {}, v.token)).status).toBe(401);
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, v.id));
    expect(row).toMatchObject({
      fio: 'Удалённый пользователь',
      email: `deleted-${v.id}@deleted.invalid`,
      password: null,
      birthday: null,
      avatar: null,
      marketingConsent: false,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    // The sale stays for accounting and ЕАИС, without the person.
    const [ticket] = await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, v.ticket.id));
    expect(ticket).toMatchObject({ status: 'paid', userId: v.id, priceKopecks: v.ticket.priceKopecks });
    const [order] = await t.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, v.ticket.orderId));
    expect(order).toMatchObject({ status: 'paid', email: null, totalKopecks: v.ticket.priceKopecks });
    expect(await salesOf(day, admin)).toEqual(salesBefore);
    expect(await t.ctx.db.select().from(schema.reviews).where(eq(schema.reviews.userId, v.id))).toEqual([]);
    expect(await t.ctx.db.select().from(schema.favouriteFilms).where(eq(schema.favouriteFilms.userId, v.id))).toEqual(
      [],
    );
    // The consents stay as proof, each withdrawn.
    const consents = await t.ctx.db.select().from(schema.consents).where(eq(schema.consents.userId, v.id));
    expect(
      consents
        .filter((c) => c.action === 'withdrawn')
        .map((c) => c.document)
        .sort(),
    ).toEqual(['marketing-consent', 'personal-data-consent']);
    // The address is free again: registering it makes a new account.
    const again = await register(registration({ email: v.email }));
    expect(again.status).toBe(200);
  });

  it('returns 400 naming the password when it is wrong or missing, and changes nothing', async () => {
    const { user, token } = await buildSignedInUser(t.ctx);
    for (const body of [{ password: 'not my password' }, {}]) {
      const res = await t.call('DELETE /profile', { body }, token);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
      expect(Object.keys((res.body.error.details as { fields: object }).fields)).toEqual(['password']);
    }
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ email: user.email, fio: user.fio, deletedAt: null });
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('returns 401 for a guest and 403 for a staff account', async () => {
    expect((await t.call('DELETE /profile', { body: { password: TEST_PASSWORD } })).status).toBe(401);
    const { token } = await buildSignedInUser(t.ctx, { role: 'cashier' });
    const res = await t.call('DELETE /profile', { body: { password: TEST_PASSWORD } }, token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/Служебную учётную запись/);
  });

  it('deletes a social-only account with a token from a fresh sign-in, and refuses an older one with 403', async () => {
    const social = await buildUser(t.ctx.db, { password: null, provider: 'yandex' });
    const old = await issueToken(t.ctx, social.id);
    clock.advance(11 * 60_000);
    try {
      const refused = await t.call('DELETE /profile', { body: {} }, old);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/войдите через соцсеть ещё раз/);
      const fresh = await issueToken(t.ctx, social.id);
      // The clock of the database stamps the token: the check reads the same moment through ctx.clock.
      clock.set(Date.now());
      expect((await t.call('DELETE /profile', { body: {} }, fresh)).status).toBe(200);
      expect((await t.call('GET /profile', {}, old)).status).toBe(401);
    } finally {
      clock.set(Date.now());
    }
  });
});
