import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema, UserResponseSchema } from '../../contract/auth';
import { ErrorBodySchema } from '../../contract/errors';
import { schema } from '../../db';
import { buildUser, TEST_PASSWORD } from '../../testing/factories';
import { startEmbeddedRedis, type EmbeddedRedis } from '../../lib/infra/redis';
import { startTestApi, type TestApi } from '../../testing/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

/** Rate limits count per client address: each test speaks from its own (through the trusted proxy header). */
let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;
const post = (path: string, json: unknown, address = newAddress()) =>
  t.fetch(path, { method: 'POST', json, headers: { 'x-forwarded-for': address } });
const errorOf = async (res: Response) => ErrorBodySchema.parse(await res.json()).error;
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(schema.users))[0]!.n;

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'correct horse battery',
  fio: 'Иван Петров',
  birthday: '2000-02-29',
  provider: 'youth',
  personal_data_consent: true,
  ...overrides,
});

describe('POST /api/register', () => {
  it('returns 200 with the new customer and keeps only an argon2id hash of the password', async () => {
    const body = registration({ email: '  Mixed.Case@Example.TEST ' });
    const res = await post('/api/register', body);
    expect(res.status).toBe(200);
    const { user } = UserResponseSchema.parse(await res.json());
    expect(user).toMatchObject({
      email: 'mixed.case@example.test',
      fio: 'Иван Петров',
      role: 'customer',
      provider: 'youth',
    });
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.birthday).toBe('2000-02-29');
    expect(row!.password).toMatch(/^\$argon2id\$/);
    expect(row!.password).not.toContain(body.password);
  });

  it('returns 409 when the e-mail is taken in any letter case, and writes nothing', async () => {
    const existing = await buildUser(t.ctx.db);
    const before = await userCount();
    const res = await post('/api/register', registration({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('Пользователь с такой почтой уже зарегистрирован');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a missing e-mail', { email: undefined }, 'email'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing password', { password: undefined }, 'password'],
    ['a short password', { password: 'short' }, 'password'],
    ['a password of the wrong type', { password: 12345678 }, 'password'],
    ['an empty name', { fio: '   ' }, 'fio'],
    ['a birth date before 1990-01-01', { birthday: '1989-12-31' }, 'birthday'],
    ['a birth date after 2024-01-31', { birthday: '2024-02-01' }, 'birthday'],
    ['a date that does not exist', { birthday: '2001-02-29' }, 'birthday'],
    ['a birth date that is not a date', { birthday: 'вчера' }, 'birthday'],
    ['another provider', { provider: 'google' }, 'provider'],
    ['no personal-data consent', { personal_data_consent: undefined }, 'personal_data_consent'],
    ['a refused personal-data consent', { personal_data_consent: false }, 'personal_data_consent'],
    ['a consent that is not a yes', { personal_data_consent: 'true' }, 'personal_data_consent'],
    ['a marketing answer that is not a boolean', { marketing_consent: 'yes' }, 'marketing_consent'],
  ])('returns 400 for %s, naming the field, and writes nothing', async (_case, overrides, field) => {
    const before = await userCount();
    const res = await post('/api/register', registration(overrides));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys((error.details as { fields: object }).fields)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('accepts the range limits 1990-01-01 and 2024-01-31', async () => {
    expect((await post('/api/register', registration({ birthday: '1990-01-01' }))).status).toBe(200);
    expect((await post('/api/register', registration({ birthday: '2024-01-31' }))).status).toBe(200);
  });

  it('stores SQL-looking text as plain text', async () => {
    const fio = "Robert'); DROP TABLE users; --";
    const res = await post('/api/register', registration({ fio }));
    expect(res.status).toBe(200);
    const { user } = UserResponseSchema.parse(await res.json());
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.fio).toBe(fio);
  });

  it('returns 429 with Retry-After and a Russian message after 10 registrations from one address', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await post('/api/register', { email: 'bad' }, address)).status).toBe(400);
    const res = await post('/api/register', registration(), address);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(res)).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Слишком много/) });
    expect((await post('/api/register', registration())).status).toBe(200);
  });
});

describe('POST /api/authenticate', () => {
  it('returns 200 with a token that signs the user in, and the user to keep', async () => {
    const user = await buildUser(t.ctx.db, { role: 'cashier' });
    const res = await post('/api/authenticate', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const body = AuthResponseSchema.parse(await res.json());
    expect(body.user).toEqual({
      id: user.id,
      fio: user.fio,
      email: user.email,
      avatar: null,
      role: 'cashier',
      provider: 'youth',
    });
    const me = await t.fetch('/api/get-token', { token: body.token });
    expect(me.status).toBe(200);
    expect(UserResponseSchema.parse(await me.json()).user.id).toBe(user.id);
  });

  it('returns 401 with one message for a wrong password and an unknown e-mail', async () => {
    const user = await buildUser(t.ctx.db);
    const wrong = await post('/api/authenticate', { email: user.email, password: 'wrong password' });
    const unknown = await post('/api/authenticate', { email: 'nobody@example.test', password: TEST_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await errorOf(wrong), await errorOf(unknown)];
    expect(a).toEqual({ code: 'invalid_credentials', message: 'Неверная почта или пароль' });
    expect(b).toEqual(a);
  });

  it('returns 401 for an account made through a social provider, which has no password', async () => {
    const user = await buildUser(t.ctx.db, { password: null, provider: 'google' });
    expect((await post('/api/authenticate', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('returns 400 for missing fields or wrong types', async () => {
    expect((await post('/api/authenticate', {})).status).toBe(400);
    expect((await post('/api/authenticate', { email: ['a@b.c'], password: true })).status).toBe(400);
  });

  it('returns 429 after 10 attempts on one account spread over 10 addresses, and still serves other accounts', async () => {
    const user = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/authenticate', { email: user.email, password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await post('/api/authenticate', { email: user.email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await post('/api/authenticate', { email: other.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('returns 429 after 50 attempts from one address on as many accounts', async () => {
    const address = newAddress();
    for (let i = 0; i < 50; i++) {
      const res = await post('/api/authenticate', { email: `probe-${i}@example.test`, password: 'x' }, address);
      expect(res.status).toBe(401);
    }
    const user = await buildUser(t.ctx.db);
    expect((await post('/api/authenticate', { email: user.email, password: TEST_PASSWORD }, address)).status).toBe(429);
    expect((await post('/api/authenticate', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('sign-in while Redis is down', () => {
  let redis: EmbeddedRedis;
  let down: TestApi;
  beforeAll(async () => {
    redis = await startEmbeddedRedis(fs.mkdtempSync(path.join(os.tmpdir(), 'kino-redis-')));
    down = await startTestApi({ redisUrl: redis.url });
    await redis.stop();
  });
  // Cleaning its Redis keys fails: that Redis is gone on purpose.
  afterAll(() => down.close().catch(() => undefined));

  it('returns 200 with a working token, and the limits still hold, counted by this process', async () => {
    const user = await buildUser(down.ctx.db);
    const signIn = (password: string) =>
      down.fetch('/api/authenticate', { method: 'POST', json: { email: user.email, password } });
    const res = await signIn(TEST_PASSWORD);
    expect(res.status).toBe(200);
    const { token } = AuthResponseSchema.parse(await res.json());
    expect((await down.fetch('/api/get-token', { token })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(`guess-${i}`)).status).toBe(401);
    expect((await signIn(TEST_PASSWORD)).status).toBe(429);
  });
});

describe('GET /api/get-token and GET /api/logout', () => {
  const signIn = async () => {
    const user = await buildUser(t.ctx.db);
    const res = await post('/api/authenticate', { email: user.email, password: TEST_PASSWORD });
    return AuthResponseSchema.parse(await res.json()).token;
  };

  it('returns 401 without a token, with a forged one, or with a tampered one', async () => {
    const token = await signIn();
    expect((await t.fetch('/api/get-token')).status).toBe(401);
    expect((await t.fetch('/api/get-token', { token: 'abc.def' })).status).toBe(401);
    const [payload, signature] = token.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 1 }),
    );
    expect((await t.fetch('/api/get-token', { token: `${tampered.toString('base64url')}.${signature}` })).status).toBe(
      401,
    );
  });

  it('makes the token stop working: get-token answers 401 after logout', async () => {
    const token = await signIn();
    const other = await signIn();
    expect((await t.fetch('/api/get-token', { token })).status).toBe(200);
    expect((await t.fetch('/api/logout', { token })).status).toBe(200);
    const after = await t.fetch('/api/get-token', { token });
    expect(after.status).toBe(401);
    expect((await errorOf(after)).code).toBe('unauthenticated');
    expect((await t.fetch('/api/logout', { token })).status).toBe(401);
    expect((await t.fetch('/api/get-token', { token: other })).status).toBe(200);
  });
});
