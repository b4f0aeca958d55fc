/**
 * Scale-out, as the compose file runs it (`--scale api=3 --scale workers=2`): three API processes
 * and two worker processes, each a real `scripts/start.ts` child, over one PostgreSQL database and
 * one Redis prefix. Viewers on different API processes see each other's holds; a purchase race
 * through all of them sells each seat once (the orders paid at one payment provider, the YooKassa
 * emulator, whose notifications reach one process as a load balancer would send them); each job is
 * done once; the dashboard agrees everywhere.
 *
 * Needs the PostgreSQL server of the machine (DATABASE_URL's, or postgres://root@127.0.0.1:5432):
 * without one it is skipped with a message, except in CI, where it must run. Redis: REDIS_URL, or
 * a redis-server of its own.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@kino/backend/config';
import { DashboardSalesSchema, HALL_SEATS, type SeatSnapshot } from '@kino/backend/contract';
import { createContext, type AppContext } from '@kino/backend/context';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import { openDatabase, schema } from '@kino/backend/db';
import { startYooKassaEmulator, type YooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { deleteKeysUnder, freePort, startEmbeddedRedis, type EmbeddedRedis } from '@kino/backend/lib/infra/redis';
import { NOTIFICATIONS_PATH } from '@kino/backend/emulators/yookassa/embedded';
import { SeatStore } from '@kino/backend/modules/seats';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { connectLiveClient } from '@kino/backend/testing/live-client';
import { purchase } from '@kino/backend/testing/orders';
import { adminUrl, databaseUrlFor } from '@kino/backend/testing/postgres';
import { deltasAfter, replay, request, says, socketPool } from '@kino/backend/testing/seat-client';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import { startProcess, tempDataDir, removeTempDirs, whileRunning, type Started } from '../system/support';

const POSTGRES = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(POSTGRES), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (err) {
    if (process.env.CI) throw new Error(`tests/scale needs PostgreSQL at ${adminUrl(POSTGRES)} in CI`, { cause: err });
    console.warn(`tests/scale skipped: no PostgreSQL answers at ${adminUrl(POSTGRES)} (${(err as Error).message})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const reachable = await postgresAnswers();

describe.skipIf(!reachable)('three API processes and two worker processes', () => {
  const database = `kino_scale_${randomBytes(6).toString('hex')}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrlFor(POSTGRES, database),
    REDIS_URL: '',
    REDIS_PREFIX: `kino-scale-${randomBytes(4).toString('hex')}`,
    // One storage for every process, as the compose file's shared volume.
    DATA_DIR: '',
    HOST: '127.0.0.1',
    // Required in production; links in mails are not what this test looks at.
    PUBLIC_URL: 'http://127.0.0.1:8080',
    // Required in production; nothing here sells at the till, so no register answers it.
    ATOL_URL: 'http://127.0.0.1:16732',
    // Required in production too; ЕАИС's files stay in DATA_DIR/eais/ (no PUSHKA_API_URL: the Pushkin card is off).
    EAIS_MANUAL_UPLOAD: '1',
    EAIS_CINEMA_ID: 'scale',
    SERVE_WEB: '0',
  };
  let ctx: AppContext;
  let store: SeatStore;
  let embedded: EmbeddedRedis | undefined;
  let yookassa: YooKassaEmulator;
  const apis: (Started & { url: string })[] = [];
  const workers: Started[] = [];
  const sockets = socketPool(() => apis[0]!.url);

  beforeAll(async () => {
    env.DATA_DIR = tempDataDir();
    embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(env.DATA_DIR);
    env.REDIS_URL = process.env.REDIS_URL ?? embedded!.url;
    yookassa = await startYooKassaEmulator({ redeliveryDelaysMs: [100, 300, 1000, 2000] });
    Object.assign(env, yookassa.env, { YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1/32,::1/128' });
    const admin = new pg.Client({ connectionString: adminUrl(POSTGRES) });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    // Migrated once here, so that five processes starting at once find nothing to do.
    const db = await openDatabase({ url: env.DATABASE_URL });
    await db.migrate();
    registerModuleDuties();
    ctx = createContext({ config: loadConfig(env), database: db, redisUrl: env.REDIS_URL });
    store = new SeatStore(ctx);

    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      apis.push({
        ...startProcess('scripts/start.ts', { ...env, SERVICES: 'api', PORT: String(port) }),
        url: `http://127.0.0.1:${port}`,
      });
    }
    // Workers answer their probes on a port of their own.
    for (let i = 0; i < 2; i++)
      workers.push(startProcess('scripts/start.ts', { ...env, SERVICES: 'workers', PORT: '0' }));
    const healthy = (url: string) => async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200;
    await Promise.all([
      ...apis.map((api) => until(healthy(api.url), 90_000, ...whileRunning(api))),
      ...workers.map((w) => until(() => w.output().includes('"msg":"workers started"'), 90_000, ...whileRunning(w))),
    ]);
    yookassa.control.setNotificationUrl(`${apis[0]!.url}${NOTIFICATIONS_PATH}`);
  }, 120_000);

  afterAll(async () => {
    sockets.closeAll();
    for (const child of [...apis, ...workers]) {
      if (child.child.exitCode === null) child.child.kill('SIGTERM');
      await child.exited;
    }
    if (ctx) {
      await ctx.close();
      await deleteKeysUnder(env.REDIS_URL, env.REDIS_PREFIX);
    }
    const admin = new pg.Client({ connectionString: adminUrl(POSTGRES) });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await embedded?.stop();
    await yookassa?.close();
    removeTempDirs();
  }, 60_000);

  /** Viewer i's API process. */
  const api = (i: number) => apis[i % apis.length]!.url;

  /** The buyers pay every order waiting at the provider; resolves once each is answered. */
  async function payAll() {
    const waiting = yookassa.control.payments().filter((p) => p.status === 'pending');
    for (const p of waiting) yookassa.control.succeed(p.id);
    await Promise.all(waiting.map((p) => yookassa.control.delivery((d) => d.objectId === p.id && d.status === 200)));
  }

  it('shows a hold made through one API process to viewers on every other, and the holder’s tab elsewhere as theirs', async () => {
    const s = (await buildSession(ctx.db)).id;
    const ann = await buildSignedInUser(ctx);
    const holder = await sockets.connect(ann.token, api(0));
    const annTab = await sockets.connect(ann.token, api(1));
    const viewers = await Promise.all([api(1), api(2)].map(async (url) => sockets.connect(undefined, url)));
    await Promise.all([holder, annTab, ...viewers].map((c) => c.join(s)));

    expect(await request(holder, 'seats:hold', { sessionId: s, seat: 'r3m3' })).toMatchObject({ ok: true });
    await Promise.all(viewers.map((v) => v.waitForDelta(says('r3m3', 'held'))));
    await annTab.waitForDelta(says('r3m3', 'mine'));
    expect(await request(annTab, 'seats:release', { sessionId: s, seat: 'r3m3' })).toMatchObject({ ok: true });
    await Promise.all([holder, ...viewers].map((v) => v.waitForDelta(says('r3m3', 'free'))));
  });

  it('sells each seat once when buyers on every API process race for the same seats, and every map hears each sale in order', async () => {
    const s = await buildSession(ctx.db);
    // Pairs with two free seats between them: no order of the racing holds leaves one free seat between taken
    // ones, which the hold script refuses (seats.io's orphan rule) and would leave a contested seat unsold.
    const spaced = HALL_SEATS.filter((code) => [1, 2, 5, 6, 9, 10].includes(Number(code.split('m')[1])));
    const contested = spaced.slice(0, 8);
    const buyers = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const { user, token } = await buildSignedInUser(ctx);
        const socket = await sockets.connect(token, api(i));
        return { user, token, socket, snapshot: await socket.join(s.id) };
      }),
    );
    const watchers = await Promise.all(apis.map((a) => sockets.connect(undefined, a.url)));
    const watched: SeatSnapshot[] = await Promise.all(watchers.map((w) => w.join(s.id)));

    // Everyone grabs a seat of their own and one of eight contested seats, all at once; each
    // contested seat goes to one of its three contenders.
    const own = spaced.slice(contested.length, contested.length + buyers.length);
    const wanted = buyers.map((_, i) => [contested[i % contested.length]!, own[i]!]);
    const holds = await Promise.all(
      buyers.map((b, i) =>
        Promise.all(wanted[i]!.map((seat) => request(b.socket, 'seats:hold', { sessionId: s.id, seat }))),
      ),
    );
    // Then everyone buys what they wanted, twice at once through two API processes (a double
    // click behind a load balancer): the database's unique index is the last word.
    const buy = (token: string, url: string, seats: string[]) =>
      purchase(url, token, s, seats).then((res) => res.status);
    const answers = await Promise.all(
      buyers.map((b, i) => Promise.all([buy(b.token, api(i), wanted[i]!), buy(b.token, api(i + 1), wanted[i]!)])),
    );

    const tickets = await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, s.id));
    const seatsSold = tickets.map((t) => t.seatNumber);
    expect(new Set(seatsSold).size).toBe(seatsSold.length);
    buyers.forEach((b, i) => {
      const heldBoth = holds[i]!.every((h) => h.ok);
      // Whoever held both seats bought them with exactly one of the two requests; anyone else, nothing.
      expect(answers[i]!.filter((status) => status === 201)).toHaveLength(heldBoth ? 1 : 0);
      expect(answers[i]!.every((status) => status === 201 || status === 409)).toBe(true);
      const theirs = tickets.filter((t) => t.userId === b.user.id).map((t) => t.seatNumber);
      expect(theirs.sort()).toEqual(heldBoth ? [...wanted[i]!].sort() : []);
    });
    expect(seatsSold).toHaveLength(2 * contested.length);
    await payAll();
    const paid = await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, s.id));
    expect(paid.map((t) => t.status)).toEqual(seatsSold.map(() => 'paid'));

    // Every map, on every process, heard every change once and in order, and shows the sales.
    const final = await store.snapshot(s.id, undefined);
    expect(final.sold).toEqual([...seatsSold].sort());
    await Promise.all(watchers.map((w) => w.waitForDelta((d) => d.version === final.version)));
    watchers.forEach((w, i) => {
      const deltas = deltasAfter(w, watched[i]!);
      expect(deltas.map((d) => d.version)).toEqual(deltas.map((_, j) => watched[i]!.version + 1 + j));
      expect(replay(watched[i]!, deltas)).toEqual({ sold: final.sold, held: final.held, mine: [] });
    });
  });

  it('renders each sold ticket’s PDF once, though two worker processes take jobs from the queue', async () => {
    const tickets = await ctx.db.select({ id: schema.tickets.id }).from(schema.tickets);
    expect(tickets.length).toBeGreaterThan(0);
    // Every worker says which tickets' PDFs it made ready: each ticket is in one such line, of one worker.
    const rendered = () =>
      workers.flatMap((w) =>
        w
          .output()
          .split('\n')
          .filter((line) => line.includes('"msg":"ticket PDFs ready"'))
          .flatMap((line) => (JSON.parse(line) as { ticketIds: number[] }).ticketIds),
      );
    await until(() => tickets.every((t) => rendered().includes(t.id)), 60_000, ...whileRunning(workers[0]!));
    expect(rendered().toSorted((a, b) => a - b)).toEqual(tickets.map((t) => t.id).toSorted((a, b) => a - b));
  });

  it('shows a session scheduled through one API process on the bill of every other (their caches are dropped)', async () => {
    const { token } = await buildSignedInUser(ctx, { role: 'manager' });
    const film = await buildFilm(ctx.db, { title: 'Масштабный', isRent: 1 });
    const hall = await buildHall(ctx.db);
    const onBill = async (url: string) =>
      ((await (await fetch(`${url}/api/schedules`)).json()) as { id: number }[]).some((f) => f.id === film.id);
    // Every process has the bill in memory before the change.
    expect(await Promise.all(apis.map((a) => onBill(a.url)))).toEqual([false, false, false]);
    expect(await Promise.all(apis.map((a) => onBill(a.url)))).toEqual([false, false, false]);
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    const res = await fetch(`${api(0)}/api/schedule/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ movie_id: film.id, hall_id: hall.id, start_time: start.toISOString(), price: 300 }),
    });
    expect(res.status).toBe(201);
    for (const other of apis) await expect.poll(() => onBill(other.url), { timeout: 5000 }).toBe(true);
  });

  it('shows the same dashboard through every API process, and a sale through one moves every open dashboard', async () => {
    const { token: admin } = await buildSignedInUser(ctx, { role: 'admin' });
    const sales = (url: string) =>
      fetch(`${url}/api/dashboard/sales`, { headers: { authorization: `Bearer ${admin}` } }).then(
        async (res) => DashboardSalesSchema.parse(await res.json()).tickets,
      );
    const before = await Promise.all(apis.map((a) => sales(a.url)));
    expect(new Set(before).size).toBe(1);
    const dashboards = await Promise.all(apis.map((a) => connectLiveClient(a.url, admin)));

    const s = await buildSession(ctx.db);
    const buyer = await buildSignedInUser(ctx);
    const socket = await sockets.connect(buyer.token, api(0));
    await socket.join(s.id);
    expect(await request(socket, 'seats:hold', { sessionId: s.id, seat: 'r7m7' })).toMatchObject({ ok: true });
    const res = await purchase(api(0), buyer.token, s, ['r7m7']);
    expect(res.status).toBe(201);
    await payAll();

    await Promise.all(dashboards.map((d) => d.waitFor('dashboard:changed')));
    expect(await Promise.all(apis.map((a) => sales(a.url)))).toEqual(before.map((n) => n + 1));
    dashboards.forEach((d) => d.disconnect());
  });
});
