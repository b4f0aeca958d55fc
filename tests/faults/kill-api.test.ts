/**
 * kill -9 of an API process in the middle of purchases, with a second process serving the same
 * database and Redis: every sale is whole or absent, each buyer's retry on the other process ends
 * with their seats sold once, and holds left by the dead process end at their deadline.
 */
import { purchase } from '@kino/backend/testing/orders';
import { schema } from '@kino/backend/db';
import { systemClock } from '@kino/backend/lib/infra/clock';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import {
  createFaultDatabase,
  postgresAnswers,
  PrivateRedis,
  startKino,
  testConfig,
  type FaultDatabase,
  type Kino,
} from './support';

const runs = await postgresAnswers();
const HOLD_TTL_SECONDS = 15;

describe.skipIf(!runs)('kill -9 of an API process during purchases', () => {
  let db: FaultDatabase;
  let redis: PrivateRedis;
  let doomed: Kino;
  let survivor: Kino;
  beforeAll(async () => {
    db = await createFaultDatabase();
    redis = await PrivateRedis.start();
    const env = {
      SERVICES: 'api',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      HOLD_TTL_SECONDS: String(HOLD_TTL_SECONDS),
    };
    [doomed, survivor] = await Promise.all([startKino(env), startKino(env)]);
  });
  afterAll(async () => {
    doomed?.child.kill('SIGKILL');
    await survivor?.stop();
    await redis?.close();
    await db?.drop();
  });

  it('leaves every sale whole or absent; retries end with each seat sold once; stray holds expire', async () => {
    const session = await buildSession(db.database.db);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { user, token } = await buildSignedInUser({
          db: db.database.db,
          config: testConfig(),
          clock: systemClock,
        });
        const seats = [`r${i + 1}m1`, `r${i + 1}m2`];
        const socket = await connectSeatClient(doomed.url, token);
        await socket.join(session.id);
        for (const seat of seats) {
          expect(await request(socket, 'seats:hold', { sessionId: session.id, seat })).toMatchObject({ ok: true });
        }
        return { user, token, seats, socket };
      }),
    );
    // One buyer also holds a seat they will never buy, on the process about to die.
    expect(await request(buyers[5]!.socket, 'seats:hold', { sessionId: session.id, seat: 'r9m9' })).toMatchObject({
      ok: true,
    });
    // Half the buyers have paid before the crash; the other half are waiting on the database when it comes.
    for (const b of buyers.slice(0, 3))
      expect((await purchase(doomed.url, b.token, session, b.seats)).status).toBe(201);
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table tickets in exclusive mode');
    const inFlight = buyers
      .slice(3)
      .map((b) => purchase(doomed.url, b.token, session, b.seats).catch((err: Error) => err));
    await until(
      async () =>
        (
          await locker.query(
            "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )
        ).rowCount === 3,
      30_000,
      'the purchases never reached the database',
    ).catch(async (err: unknown) => {
      await locker.end();
      throw err;
    });
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    await locker.query('commit');
    await locker.end();
    for (const result of await Promise.all(inFlight)) expect(result).toBeInstanceOf(Error);

    const tickets = () => db.database.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id));
    for (const b of buyers) {
      const theirs = (await tickets()).filter((t) => t.userId === b.user.id);
      expect([0, 2], `buyer ${b.user.id} has part of a sale`).toContain(theirs.length);
    }

    // Each buyer retries on the surviving process: the paid ones are told the seats are taken (by
    // their own tickets), the others buy them now.
    for (const [i, b] of buyers.entries()) {
      const retry = await purchase(survivor.url, b.token, session, b.seats);
      expect(retry.status, `buyer ${i}`).toBe(i < 3 ? 409 : 201);
    }
    const sold = await tickets();
    expect(sold).toHaveLength(12);
    expect(new Set(sold.map((t) => t.seatNumber)).size).toBe(12);
    for (const b of buyers) {
      expect(
        sold
          .filter((t) => t.userId === b.user.id)
          .map((t) => t.seatNumber)
          .sort(),
      ).toEqual(b.seats);
    }

    // The seat held through the dead process is freed by the survivor at the deadline.
    const watcher = await connectSeatClient(survivor.url);
    expect((await watcher.join(session.id)).held).toEqual(['r9m9']);
    await until(
      async () => (await watcher.join(session.id)).held.length === 0,
      (HOLD_TTL_SECONDS + 5) * 1000,
      'the hold outlived its deadline',
    );
    watcher.close();
  });
});
