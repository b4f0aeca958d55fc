/**
 * SIGTERM drains: readiness turns 503, the port closes, a purchase in flight completes, sockets
 * are told to reconnect, then the process exits 0.
 */
import { toCinemaTime } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFaultDatabase,
  portAnswers,
  postgresAnswers,
  PrivateRedis,
  purchase,
  startKino,
  testConfig,
  until,
  type FaultDatabase,
  type Kino,
} from './support';

const runs = await postgresAnswers();

describe.skipIf(!runs)('SIGTERM with a purchase in flight', () => {
  let db: FaultDatabase;
  let redis: PrivateRedis;
  let kino: Kino;
  beforeAll(async () => {
    db = await createFaultDatabase();
    redis = await PrivateRedis.start();
    kino = await startKino({ DATABASE_URL: db.url, REDIS_URL: redis.url, SHUTDOWN_DELAY_SECONDS: '2' });
  });
  afterAll(async () => {
    kino?.child.kill('SIGKILL');
    await redis?.close();
    await db?.drop();
  });

  it('answers readiness 503, stops accepting, completes the purchase, tells sockets to reconnect, and exits 0', async () => {
    const session = await buildSession(db.database.db);
    const { user, token } = await buildSignedInUser({ db: db.database.db, config: testConfig() });
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
    const sale = purchase(kino.url, token, session, ['r4m4'], toCinemaTime(session.startTime));
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
