/**
 * SIGTERM drains: readiness turns 503, the port closes, a purchase in flight completes, sockets
 * are told to reconnect, then the process exits 0.
 */
import { purchase } from '@kino/backend/testing/orders';
import { schema } from '@kino/backend/db';
import { systemClock } from '@kino/backend/lib/infra/clock';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import {
  createFaultDatabase,
  portAnswers,
  postgresAnswers,
  PrivateRedis,
  startKino,
  testConfig,
  type FaultDatabase,
  type Kino,
} from './support';

const runs = await postgresAnswers();

/** Kino in its own process over a database and a Redis of its own, for the tests of one describe. */
function kinoWith(env: Record<string, string>) {
  const stack = {} as { db: FaultDatabase; redis: PrivateRedis; kino: Kino };
  beforeAll(async () => {
    stack.db = await createFaultDatabase();
    stack.redis = await PrivateRedis.start();
    stack.kino = await startKino({ DATABASE_URL: stack.db.url, REDIS_URL: stack.redis.url, ...env });
  });
  afterAll(async () => {
    stack.kino?.child.kill('SIGKILL');
    await stack.redis?.close();
    await stack.db?.drop();
  });
  return stack;
}

describe.skipIf(!runs)('SIGTERM with a purchase in flight', () => {
  const stack = kinoWith({ SHUTDOWN_DELAY_SECONDS: '2' });

  it('answers readiness 503, stops accepting, completes the purchase, tells sockets to reconnect, and exits 0', async () => {
    const { db, kino } = stack;
    const session = await buildSession(db.database.db);
    const { user, token } = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const buyer = await connectSeatClient(kino.url, token);
    const viewer = await connectSeatClient(kino.url);
    await buyer.join(session.id);
    await viewer.join(session.id);
    expect(await request(buyer, 'seats:hold', { sessionId: session.id, seat: 'r4m4' })).toMatchObject({ ok: true });
    const viewerLeft = new Promise<string>((resolve) => viewer.once('disconnect', resolve));

    // The purchase waits on a lock the test holds, so it is surely in flight when the signal comes.
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table tickets in exclusive mode');
    const sale = purchase(kino.url, token, session, ['r4m4']);
    await until(
      async () =>
        (
          await locker.query(
            "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )
        ).rowCount! > 0,
      10_000,
      'the purchase never reached the database',
    );

    kino.child.kill('SIGTERM');
    await until(
      async () => {
        const res = await fetch(`${kino.url}/api/health/ready`).catch(() => undefined);
        return res?.status === 503 && ((await res.json()) as { status: string }).status === 'draining';
      },
      2000,
      'readiness never answered 503 draining',
    );
    await until(async () => !(await portAnswers(kino.port)), 10_000, 'the port kept accepting');
    // Not "io server disconnect": the client reconnects by itself, to a process that still listens.
    expect(await viewerLeft).toBe('transport close');

    await locker.query('commit');
    await locker.end();
    const res = await sale;
    expect(res.status).toBe(201);
    const sold = await db.database.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id));
    expect(sold.map((t) => [t.seatNumber, t.userId])).toEqual([['r4m4', user.id]]);
    expect(await kino.exited).toBe(0);
    expect(kino.output()).toContain('draining');
    buyer.close();
  });
});

describe.skipIf(!runs)('SIGTERM with a websocket whose peer never answers the close', () => {
  const stack = kinoWith({ SHUTDOWN_TIMEOUT_SECONDS: '2' });

  it('ends the connection after the drain and exits 0 (a proxy or a stalled client cannot hold the process)', async () => {
    const { kino } = stack;
    // A raw upgrade that never reads again: the WebSocket library would wait 30 s for its close reply.
    const raw = net.connect(kino.port, '127.0.0.1');
    const upgraded = new Promise<string>((resolve) => raw.once('data', (d: Buffer) => resolve(d.toString())));
    raw.write(
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n' +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(await upgraded).toMatch(/^HTTP\/1\.1 101/);
    raw.pause();
    const ended = new Promise<void>((resolve) => raw.once('close', () => resolve()));

    kino.child.kill('SIGTERM');
    expect(await kino.exited).toBe(0);
    expect(kino.output()).not.toContain('shutdown did not finish');
    raw.resume();
    await ended;
  });
});
