import { createHash } from 'node:crypto';
import http from 'node:http';
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { count, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema, MessageResponseSchema } from '../../contract/auth';
import { ErrorBodySchema } from '../../contract/errors';
import { schema } from '../../db';
import { buildSignedInUser, buildUser, TEST_PASSWORD } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { captureLogs } from '../../testing/logs';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp';

let smtp: TestSmtp;
let t: TestApi;
let workers: RunningWorkers;
/** What the API and the workers log, read by the test of where the token lives. */
const logs = captureLogs('debug');
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApi({ env: { SMTP_URL: smtp.url }, logger: logs.logger });
  workers = await startWorkers(t.ctx);
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await smtp.close();
});

let lastAddress = 0;
/** Each call from its own address: the file makes more resets than one address may (the limits have their own tests). */
const post = (path: string, json: unknown) =>
  t.fetch(path, { method: 'POST', json, headers: { 'x-forwarded-for': `198.51.100.${++lastAddress}` } });
const signIn = (email: string, password: string) => post('/api/authenticate', { email, password });

/** The reset link of a mail, as a viewer would click it. */
function linkIn(mail: ParsedMail): URL {
  const href = mail.text?.match(/https?:\/\/\S+/)?.[0];
  expect(href, 'the mail has a link').toBeDefined();
  return new URL(href!);
}

/** Asks for a link and returns its token and e-mail, read from the link in the mail. */
async function resetLinkFor(email: string) {
  const res = await post('/api/forgot-password', { email });
  expect(res.status).toBe(200);
  const link = linkIn(await smtp.nextMail(email));
  return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
}

describe('password reset by mail', () => {
  it('mails a link to /reset-password that sets a new password once and signs the account out elsewhere', async () => {
    const { user, token: oldSession } = await buildSignedInUser(t.ctx, { fio: 'Мария Кинолюбова' });

    const res = await post('/api/forgot-password', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    const mail = await smtp.nextMail(user.email);
    expect(mail.subject).toMatch(/Сброс пароля/);
    expect(mail.text).toContain('Мария Кинолюбова');
    expect(mail.text).toContain('60 минут');
    const link = linkIn(mail);
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(mail.html).toContain(link.search.replaceAll('&', '&amp;'));

    // Following the link: the reset page sends its token and e-mail with the new password (SPEC's path).
    const reset = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'brand new password',
      password_confirmation: 'brand new password',
    };
    const done = await post('/api/forgot-password', reset);
    expect(done.status).toBe(200);
    expect(MessageResponseSchema.parse(await done.json()).message).toMatch(/Пароль изменён/);

    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    const fresh = await signIn(user.email, 'brand new password');
    expect(fresh.status).toBe(200);
    AuthResponseSchema.parse(await fresh.json());
    expect((await t.fetch('/api/get-token', { token: oldSession })).status).toBe(401);

    const again = await post('/api/reset-password', {
      ...reset,
      password: 'third password',
      password_confirmation: 'third password',
    });
    expect(again.status).toBe(400);
    expect(ErrorBodySchema.parse(await again.json()).error.details).toEqual({
      fields: { token: 'Ссылка для сброса пароля недействительна или устарела. Запросите новую' },
    });
    expect((await signIn(user.email, 'brand new password')).status).toBe(200);
  });

  it('builds the link from PUBLIC_URL, never from a forged Host or X-Forwarded-Host', async () => {
    const user = await buildUser(t.ctx.db);
    const body = JSON.stringify({ email: user.email });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(`${t.url}/api/forgot-password`, {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => resolve(res.resume().statusCode));
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(200);
    expect(linkIn(await smtp.nextMail(user.email)).origin).toBe(t.url);
  });

  it('answers an unknown e-mail exactly as a known one, and sends it nothing', async () => {
    const known = await buildUser(t.ctx.db);
    const unknownRes = await post('/api/forgot-password', { email: 'nobody-here@example.test' });
    const knownRes = await post('/api/forgot-password', { email: known.email });
    expect(unknownRes.status).toBe(200);
    expect(await unknownRes.json()).toEqual(await knownRes.json());
    await smtp.nextMail(known.email);
    expect(smtp.mails.flatMap((m) => [m.to ?? []].flat().map((a) => a.text))).not.toContain('nobody-here@example.test');
  });

  it('returns 400 when the confirmation differs from the password, and keeps the link usable', async () => {
    const user = await buildUser(t.ctx.db);
    const link = await resetLinkFor(user.email);
    const res = await post('/api/reset-password', {
      ...link,
      password: 'new password 1',
      password_confirmation: 'new password 2',
    });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.details).toEqual({
      fields: { password_confirmation: 'Пароли не совпадают' },
    });
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    const ok = await post('/api/reset-password', {
      ...link,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(ok.status).toBe(200);
  });

  it('returns 400 for a link used with another account’s e-mail, and changes neither password', async () => {
    const owner = await buildUser(t.ctx.db);
    const other = await buildUser(t.ctx.db);
    const link = await resetLinkFor(owner.email);
    const res = await post('/api/reset-password', {
      token: link.token,
      email: other.email,
      password: 'hijacked password',
      password_confirmation: 'hijacked password',
    });
    expect(res.status).toBe(400);
    expect((await signIn(other.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(owner.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('returns 400 for a link older than 60 minutes', async () => {
    const user = await buildUser(t.ctx.db);
    const link = await resetLinkFor(user.email);
    await t.ctx.db
      .update(schema.passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResets.userId, user.id));
    const res = await post('/api/reset-password', {
      ...link,
      password: 'late password',
      password_confirmation: 'late password',
    });
    expect(res.status).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it.each([
    ['no e-mail', {}],
    ['a malformed e-mail', { email: 'user at example' }],
    ['an e-mail of the wrong type', { email: 42 }],
  ])('returns 400 for a link request with %s, and writes nothing', async (_case, body) => {
    const before = (await t.ctx.db.select({ n: count() }).from(schema.passwordResets))[0]!.n;
    expect((await post('/api/forgot-password', body)).status).toBe(400);
    expect((await t.ctx.db.select({ n: count() }).from(schema.passwordResets))[0]!.n).toBe(before);
  });

  it.each([
    ['an empty token', { token: '' }],
    ['no password', { password: undefined }],
    ['a short password', { password: 'short', password_confirmation: 'short' }],
    ['no confirmation', { password_confirmation: undefined }],
  ])('returns 400 for a reset with %s', async (_case, overrides) => {
    const res = await post('/api/reset-password', {
      token: 'x'.repeat(43),
      email: 'someone@example.test',
      password: 'long enough password',
      password_confirmation: 'long enough password',
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('invalid_input');
  });
});

describe('where the reset token lives', () => {
  it('never in the outbox, the queue or the logs: only in the mail, whose link works', async () => {
    // Every outbox row as it is written, before its dispatcher deletes it (and what a given-up duty would log).
    await t.ctx.db.execute(sql`create table outbox_seen (changes jsonb not null)`);
    await t.ctx.db.execute(
      sql.raw(`create function outbox_seen() returns trigger language plpgsql as $$
        begin insert into outbox_seen values (new.changes); return new; end $$`),
    );
    await t.ctx.db.execute(
      sql`create trigger outbox_seen after insert on outbox for each row execute function outbox_seen()`,
    );
    const user = await buildUser(t.ctx.db);
    const res = await post('/api/forgot-password', { email: user.email });
    expect(res.status).toBe(200);
    const link = linkIn(await smtp.nextMail(user.email));
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{40,}$/);

    const [reset] = await t.ctx.db
      .select()
      .from(schema.passwordResets)
      .where(eq(schema.passwordResets.userId, user.id));
    expect(reset!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const { rows: outboxRows } = (await t.ctx.db.execute(sql`select changes from outbox_seen`)) as unknown as {
      rows: unknown[];
    };
    expect(JSON.stringify(outboxRows)).toContain(`{"id":${reset!.id},"what":"password-resets"}`);
    expect(JSON.stringify(outboxRows)).not.toContain(token);
    const job = await t.ctx.queues.queue('mail').getJob(`password-reset-${reset!.id}`);
    expect(job!.name).toBe('mail.password-reset');
    const { requestId: _requestId, ...payload } = job!.data as Record<string, unknown>;
    expect(payload).toEqual({ resetId: reset!.id });
    expect(JSON.stringify(job!.returnvalue)).not.toContain(token);
    expect(logs.records.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs.records)).not.toContain(token);

    const changed = await post('/api/reset-password', {
      token,
      email: user.email,
      password: 'a mailed password',
      password_confirmation: 'a mailed password',
    });
    expect(changed.status).toBe(200);
    expect((await signIn(user.email, 'a mailed password')).status).toBe(200);
  });

  it('never in the logs or the failed job when the mail job is given up: the token made for it stays unseen', async () => {
    const user = await buildUser(t.ctx.db);
    const [reset] = await t.ctx.db
      .insert(schema.passwordResets)
      .values({ userId: user.id, tokenHash: null, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    // The server refuses the one attempt the job has: the worker made a token, and gives the job up.
    smtp.refuseNext(1);
    const jobId = `given-up-${reset!.id}`;
    await t.ctx.queues.queue('mail').add('mail.password-reset', { resetId: reset!.id }, { jobId, attempts: 1 });
    const queue = t.ctx.queues.queue('mail');
    await expect.poll(async () => (await queue.getJob(jobId))?.finishedOn, { timeout: 15_000 }).toBeDefined();
    const job = await queue.getJob(jobId);
    expect(job!.failedReason).toBeTruthy();
    await expect
      .poll(() => JSON.stringify(logs.records).includes(`job mail.password-reset failed (attempt 1 of 1, giving up)`))
      .toBe(true);

    const [made] = await t.ctx.db.select().from(schema.passwordResets).where(eq(schema.passwordResets.id, reset!.id));
    expect(made!.tokenHash, 'the worker made a token for the mail').not.toBeNull();
    const seen = JSON.stringify([logs.records, job!.data, job!.failedReason, job!.stacktrace, job!.returnvalue]);
    // Every 43-character stretch of base64url (a token's length), wherever it sits in a longer run.
    const tokens = (seen.match(/[\w-]{43,}/g) ?? []).flatMap((run) =>
      Array.from({ length: run.length - 42 }, (_, i) => run.slice(i, i + 43)),
    );
    const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(made!.tokenHash);
  });

  it('sends nothing for a reset already used: its job finds no link to make', async () => {
    const user = await buildUser(t.ctx.db);
    const link = await resetLinkFor(user.email);
    const reset = { ...link, password: 'used once password', password_confirmation: 'used once password' };
    expect((await post('/api/reset-password', reset)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(schema.passwordResets).where(eq(schema.passwordResets.userId, user.id));
    await t.ctx.queues.enqueue('mail.password-reset', { resetId: row!.id }, { jobId: `again-${row!.id}` });
    await expect
      .poll(async () => (await t.ctx.queues.queue('mail').getJob(`again-${row!.id}`))?.returnvalue as unknown, {
        timeout: 10_000,
      })
      .toEqual({ skipped: true });
    const to = (m: (typeof smtp.mails)[number]) => [m.to ?? []].flat().map((a) => a.text);
    expect(smtp.mails.filter((m) => to(m).includes(user.email))).toHaveLength(1);
  });
});
