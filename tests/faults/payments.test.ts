/**
 * kill -9 of the API process that is taking a payment, with a second process serving the same
 * database, Redis and payment provider (the YooKassa emulator; notifications reach the processes as
 * a load balancer would send them): killed between the provider's success and our commit, the
 * provider's redelivery sells on the survivor; killed between our commit and the after-commit
 * effects, the survivor performs them from the outbox. Either way: one sale, one mail, nothing lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@kino/backend/db';
import { startYooKassaEmulator, type YooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { NOTIFICATIONS_PATH } from '@kino/backend/emulators/yookassa/embedded';
import { systemClock } from '@kino/backend/lib/infra/clock';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { providerPaymentOf, purchase } from '@kino/backend/testing/orders';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import { eq } from 'drizzle-orm';
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

describe.skipIf(!runs)('kill -9 while a payment is being taken', () => {
  let db: FaultDatabase;
  let redis: PrivateRedis;
  let proxy: TcpProxy;
  let yookassa: YooKassaEmulator;
  let survivor: Kino;
  const survivorData = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-faults-survivor-'));
  const started: Kino[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createFaultDatabase();
    redis = await PrivateRedis.start();
    proxy = await TcpProxy.start(redis.url);
    yookassa = await startYooKassaEmulator({ redeliveryDelaysMs: [200, 500, 1000, 2000, 4000, 8000, 16_000] });
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      ...yookassa.env,
      YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1/32,::1/128',
    };
    survivor = await startKino({ ...env, SERVICES: 'api,workers', DATA_DIR: survivorData });
  });
  afterAll(async () => {
    for (const kino of started) kino.child.kill('SIGKILL');
    await survivor?.stop();
    await yookassa?.close();
    await proxy?.stop();
    await redis?.close();
    await db?.drop();
    fs.rmSync(survivorData, { recursive: true, force: true });
  });

  /** A process about to die, taking the notifications (the balancer's choice) until it does. */
  async function doomed(extra: Record<string, string> = {}) {
    const kino = await startKino({ ...env, SERVICES: 'api', ...extra });
    started.push(kino);
    yookassa.control.setNotificationUrl(`${kino.url}${NOTIFICATIONS_PATH}`);
    return kino;
  }
  /** The balancer sends the next notifications to the survivor. */
  const failOver = () => yookassa.control.setNotificationUrl(`${survivor.url}${NOTIFICATIONS_PATH}`);

  /** A viewer holds and orders two seats through `kino`; answers the order id and its provider payment. */
  async function order(kino: Kino, seats: string[]) {
    const session = await buildSession(db.database.db, { startsInMinutes: 600 });
    const { user, token } = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const socket = await connectSeatClient(kino.url, token);
    await socket.join(session.id);
    for (const seat of seats) {
      expect(await request(socket, 'seats:hold', { sessionId: session.id, seat })).toMatchObject({ ok: true });
    }
    const res = await purchase(kino.url, token, session, seats);
    socket.disconnect();
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    return { id, user, paymentId: await providerPaymentOf(db.database, id) };
  }

  const orderRow = async (id: number) =>
    (await db.database.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const linesOf = async (id: number) =>
    (await db.database.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, id))).map((t) => t.status);
  const paidEntries = async (id: number) =>
    (await db.database.db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, id))).filter(
      (e) => e.action === 'paid',
    ).length;
  /** The mails the survivor's workers wrote for this address (no SMTP_URL: files in DATA_DIR/outbox). */
  const mailsTo = (email: string) => {
    const dir = path.join(survivorData, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(email));
  };

  it('between the provider’s success and our commit: nothing is half-done, the redelivery sells once on the survivor', async () => {
    const kino = await doomed();
    const { id, user, paymentId } = await order(kino, ['r3m3', 'r3m4']);
    const { default: pg } = await import('pg');
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('begin');
    // The notification's transaction will wait for the order's row lock: surely in flight when the kill comes.
    await locker.query('lock table orders in exclusive mode');
    yookassa.control.succeed(paymentId);
    await until(
      async () =>
        Number(
          (
            await locker.query(
              "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            )
          ).rows[0].n,
        ) > 0,
      20_000,
      'the notification never reached the database',
    );
    kino.child.kill('SIGKILL');
    await kino.exited;
    await locker.query('rollback');
    await locker.end();
    expect((await orderRow(id)).status).toBe('pending');

    failOver();
    await yookassa.control.delivery((d) => d.objectId === paymentId && d.status === 200);
    expect(await orderRow(id)).toMatchObject({ status: 'paid' });
    expect(await linesOf(id)).toEqual(['paid', 'paid']);
    expect(await paidEntries(id)).toBe(1);
    await until(() => mailsTo(user.email).length > 0, 30_000, 'no mail for the sale');
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('between our commit and its effects: the survivor performs them from the outbox — the mail, the PDFs, the owner’s pages', async () => {
    // This process reaches Redis through a proxy the test cuts: its commit lands, its effects cannot.
    const kino = await doomed({ REDIS_URL: proxy.via(redis.url) });
    const { id, user, paymentId } = await order(kino, ['r5m5']);
    await proxy.stop();
    yookassa.control.succeed(paymentId);
    await until(
      async () => {
        const entries = await db.database.db.select().from(schema.outbox);
        return (
          (await orderRow(id)).status === 'paid' &&
          entries.some((e) => JSON.stringify(e.changes).includes(`"orderId":${id}`))
        );
      },
      20_000,
      'the sale was not committed with its effects pending',
    );
    kino.child.kill('SIGKILL');
    await kino.exited;
    await proxy.start();
    failOver();

    await until(() => mailsTo(user.email).length > 0, 60_000, 'the survivor never sent the mail of the sale');
    await until(
      async () => (await db.database.db.select().from(schema.outbox)).length === 0,
      30_000,
      'the outbox was not drained',
    );
    const [ticket] = await db.database.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, id));
    expect(fs.existsSync(path.join(survivorData, 'storage', 'tickets', String(ticket!.id)))).toBe(true);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(await paidEntries(id)).toBe(1);
  });
});
