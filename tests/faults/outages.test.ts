/**
 * Dependencies that go away under a running API: PostgreSQL (through a TCP proxy the test
 * stops) and Redis (a private redis-server restarted empty).
 */
import { purchase } from '@kino/backend/testing/orders';
import { schema } from '@kino/backend/db';
import { systemClock } from '@kino/backend/lib/infra/clock';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import {
  createFaultDatabase,
  postgresAnswers,
  PrivateRedis,
  startKino,
  TcpProxy,
  testConfig,
  type FaultDatabase,
  type Kino,
} from './support';

const runs = await postgresAnswers();

let db: FaultDatabase;
let redis: PrivateRedis;
beforeAll(async () => {
  if (!runs) return;
  db = await createFaultDatabase();
  redis = await PrivateRedis.start();
});
afterAll(async () => {
  await redis?.close();
  await db?.drop();
});

const ticketsOf = (sessionId: number, seat?: string) =>
  db.database.db
    .select()
    .from(schema.tickets)
    .where(and(eq(schema.tickets.sessionId, sessionId), seat ? eq(schema.tickets.seatNumber, seat) : undefined));

const ready = async (kino: Kino) =>
  (await fetch(`${kino.url}/api/health/ready`).catch(() => undefined))?.status === 200;

describe.skipIf(!runs)('PostgreSQL unreachable', () => {
  let proxy: TcpProxy;
  let kino: Kino;
  beforeAll(async () => {
    proxy = await TcpProxy.start(db.url);
    kino = await startKino({
      SERVICES: 'api',
      DATABASE_URL: proxy.via(db.url),
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'pg-out',
    });
  });
  afterAll(async () => {
    await kino?.stop();
    await proxy?.stop();
  });

  it('answers 503 unavailable and writes nothing, then serves again without a restart', async () => {
    const session = await buildSession(db.database.db);
    const { token } = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const buyer = await connectSeatClient(kino.url, token);
    await buyer.join(session.id);
    expect(await request(buyer, 'seats:hold', { sessionId: session.id, seat: 'r2m2' })).toMatchObject({ ok: true });
    const sale = () => purchase(kino.url, token, session, ['r2m2']);

    await proxy.stop();
    const refused = await sale();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    const readiness = await fetch(`${kino.url}/api/health/ready`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: 'unavailable', database: 'down', redis: 'ok' });
    expect(await ticketsOf(session.id)).toEqual([]);

    await proxy.start();
    await until(() => ready(kino), 20_000, 'readiness did not recover');
    const res = await sale();
    expect(res.status).toBe(201);
    expect((await ticketsOf(session.id)).map((t) => t.seatNumber)).toEqual(['r2m2']);
    expect(kino.child.exitCode).toBeNull();
    buyer.close();
  });
});

describe.skipIf(!runs)('Redis restarted empty', () => {
  let kino: Kino;
  beforeAll(async () => {
    kino = await startKino({
      SERVICES: 'api,workers',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'redis-out',
    });
  });
  afterAll(() => kino?.stop());

  it('never sells a seat twice: sold seats come back from PostgreSQL, and holds work again', async () => {
    const session = await buildSession(db.database.db);
    const first = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const second = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const ann = await connectSeatClient(kino.url, first.token);
    await ann.join(session.id);
    expect(await request(ann, 'seats:hold', { sessionId: session.id, seat: 'r5m5' })).toMatchObject({ ok: true });
    expect((await purchase(kino.url, first.token, session, ['r5m5'])).status).toBe(201);
    ann.close();

    await redis.stop();
    await redis.start();
    await until(() => ready(kino), 20_000, 'readiness did not come back after the Redis restart');

    const bob = await connectSeatClient(kino.url, second.token);
    const snapshot = await bob.join(session.id);
    expect(snapshot.sold).toEqual(['r5m5']);
    expect(await request(bob, 'seats:hold', { sessionId: session.id, seat: 'r5m5' })).toEqual({
      ok: false,
      reason: 'taken',
    });
    const again = await purchase(kino.url, second.token, session, ['r5m5']);
    expect(again.status).toBe(409);
    expect(await request(bob, 'seats:hold', { sessionId: session.id, seat: 'r5m6' })).toMatchObject({ ok: true });
    expect((await purchase(kino.url, second.token, session, ['r5m6'])).status).toBe(201);
    expect((await ticketsOf(session.id, 'r5m5')).length).toBe(1);
    bob.close();
  });
});
