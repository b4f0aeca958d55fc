/**
 * kill -9 of the workers process while it refunds a cancelled session's 20 paid orders: the cancellation
 * committed its job with it (the outbox), the job stops mid-way, a new workers process takes it up again
 * (the stalled-job check), and every order is refunded exactly once — at the provider (the YooKassa
 * emulator's refunds) and in our database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@kino/backend/db';
import { startYooKassaEmulator, type YooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { NOTIFICATIONS_PATH } from '@kino/backend/emulators/yookassa/embedded';
import { YooKassaClient } from '@kino/backend/payments/yookassa/client';
import { sessionJobIds } from '@kino/backend/queues/job-ids/sessions';
import { systemClock } from '@kino/backend/lib/infra/clock';
import { buildOrder, buildSession, buildSignedInUser, buildTicket } from '@kino/backend/testing/factories';
import { bullPrefix } from '@kino/backend/queues';
import { until } from '@kino/backend/testing/wait';
import { Queue } from 'bullmq';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ORDERS = 20;
/** The order whose row the test holds locked: the job is stopped on it, the nine before it refunded. */
const STOPPED_AT = 9;
const REDIS_PREFIX = 'cancel-faults';

describe.skipIf(!runs)('kill -9 of the workers refunding a cancelled session', () => {
  let db: FaultDatabase;
  let redis: PrivateRedis;
  let yookassa: YooKassaEmulator;
  let api: Kino;
  const workers: Kino[] = [];
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-faults-cancel-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createFaultDatabase();
    redis = await PrivateRedis.start();
    yookassa = await startYooKassaEmulator({ redeliveryDelaysMs: [200, 500, 1000, 2000, 4000] });
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX,
      ...yookassa.env,
      YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1/32,::1/128',
      // A dead worker's job is back in the queue within 2 × 5 s.
      JOB_LOCK_SECONDS: '5',
      // Shared storage, as in a deployment: the mails of both workers processes land in one outbox.
      DATA_DIR: data,
    };
    api = await startKino({ ...env, SERVICES: 'api' });
  });
  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await api?.stop();
    await yookassa?.close();
    await redis?.close();
    await db?.drop();
    fs.rmSync(data, { recursive: true, force: true });
  });

  /** An order of one ticket paid online: a payment that succeeded at the provider, as a notification leaves it. */
  async function paidOrder(session: { id: number }, seat: string) {
    const provider = new YooKassaClient({
      apiUrl: yookassa.apiUrl,
      shopId: yookassa.shopId,
      secretKey: yookassa.secretKey,
    });
    const { user } = await buildSignedInUser({ db: db.database.db, config: testConfig(), clock: systemClock });
    const order = await buildOrder(db.database.db, {
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      totalKopecks: 40_000,
    });
    const ticket = await buildTicket(db.database.db, {
      sessionId: session.id,
      orderId: order.id,
      userId: user.id,
      seatNumber: seat,
      priceKopecks: 40_000,
    });
    const idempotenceKey = randomUUID();
    const payment = await provider.createPayment({
      orderId: order.id,
      amountKopecks: 40_000,
      description: `Заказ №${order.id}`,
      returnUrl: `${api.url}/orders/${order.id}`,
      receipt: { email: user.email, items: [{ description: seat, amountKopecks: 40_000 }] },
      idempotenceKey,
    });
    yookassa.control.succeed(payment.id);
    await db.database.db.insert(schema.payments).values({
      orderId: order.id,
      provider: 'yookassa',
      providerPaymentId: payment.id,
      idempotenceKey,
      status: 'succeeded',
      amountKopecks: 40_000,
    });
    return { order, ticket, paymentId: payment.id, email: user.email };
  }

  it(
    'refunds every order exactly once after the refunding process is killed and another starts',
    { timeout: 240_000 },
    async () => {
      const session = await buildSession(db.database.db, { startsInMinutes: 600, price: 400 });
      const sold: Awaited<ReturnType<typeof paidOrder>>[] = [];
      for (let i = 0; i < ORDERS; i++)
        sold.push(await paidOrder(session, `r${Math.floor(i / 10) + 1}m${(i % 10) + 1}`));
      const orderIds = sold.map((s) => s.order.id);
      // From now on the provider's notifications (of the refunds) reach the API, as a balancer sends them.
      yookassa.control.setNotificationUrl(`${api.url}${NOTIFICATIONS_PATH}`);

      // The test holds one order's row (as an update would: its audit entries may still be written), so the
      // job, refunding in order, stops there with the ones before it done.
      const { default: pg } = await import('pg');
      const locker = new pg.Client({ connectionString: db.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('select id from orders where id = $1 for no key update', [orderIds[STOPPED_AT]]);
      const doomed = await startKino({ ...env, SERVICES: 'workers' });
      workers.push(doomed);

      const { token } = await buildSignedInUser(
        { db: db.database.db, config: testConfig(), clock: systemClock },
        { role: 'manager' },
      );
      const cancel = await fetch(`${api.url}/api/schedules/${session.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ reason: 'Авария в зале' }),
      });
      expect(cancel.status, await cancel.clone().text()).toBe(200);
      expect(await cancel.json()).toMatchObject({ refunded_online: ORDERS, refund_at_counter: 0, orders_cancelled: 0 });

      const refundsAtProvider = () =>
        yookassa.control.refunds().filter((r) => sold.some((s) => s.paymentId === r.payment_id));
      await until(
        async () =>
          // Inside the locker's transaction the activity view is a snapshot unless it is cleared.
          (await locker.query('select pg_stat_clear_snapshot()')) &&
          (
            await locker.query(
              `select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
               and query like '%from "orders" where%for update'`,
            )
          ).rowCount! >= 1,
        90_000,
        () => `the job never reached the locked order:\n${doomed.output()}`,
      ).catch(async (err: unknown) => {
        await locker.end();
        throw err;
      });
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      await locker.query('rollback');
      await locker.end();
      // Killed mid-way: the orders before the locked one are refunded, the rest are not.
      expect(refundsAtProvider()).toHaveLength(STOPPED_AT);

      const survivor = await startKino({ ...env, SERVICES: 'workers' });
      workers.push(survivor);
      const ticketStates = async () =>
        (
          await db.database.db
            .select({ status: schema.tickets.status })
            .from(schema.tickets)
            .where(eq(schema.tickets.sessionId, session.id))
        ).map((t) => t.status);
      await until(
        async () => (await ticketStates()).every((s) => s === 'refunded'),
        60_000,
        () => `the tickets were not all refunded:\n${survivor.output()}`,
      );

      // Exactly once at the provider: one refund per payment, of its whole sum.
      const refunded = refundsAtProvider();
      expect(refunded).toHaveLength(ORDERS);
      for (const s of sold) {
        expect(refunded.filter((r) => r.payment_id === s.paymentId).map((r) => [r.status, r.amount.value])).toEqual([
          ['succeeded', '400.00'],
        ]);
      }
      // And in our database: one refund per line, succeeded, the provider's id recorded.
      const rows = await db.database.db.select().from(schema.refunds).where(inArray(schema.refunds.orderId, orderIds));
      expect(rows).toHaveLength(ORDERS);
      expect(new Set(rows.map((r) => r.ticketId)).size).toBe(ORDERS);
      expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
      expect(new Set(rows.map((r) => r.providerRefundId))).toEqual(new Set(refunded.map((r) => r.id)));

      // The job finished on the new process, and had the buyers mailed, each once.
      const queue = (name: string) =>
        new Queue(name, { connection: { url: redis.url }, prefix: bullPrefix(REDIS_PREFIX) });
      const [orders, mail] = [queue('orders'), queue('mail')];
      try {
        await until(
          async () => (await orders.getJob(sessionJobIds.cancelledRefunds(session.id)))?.finishedOn !== undefined,
          30_000,
          'the refund job did not finish',
        );
        expect(await (await orders.getJob(sessionJobIds.cancelledRefunds(session.id)))?.getState()).toBe('completed');
        await until(
          async () => (await mail.getJob(sessionJobIds.cancelledMail(session.id)))?.finishedOn !== undefined,
          30_000,
          'the buyers were not mailed',
        );
        const mailed = await mail.getJob(sessionJobIds.cancelledMail(session.id));
        expect(mailed?.returnvalue).toEqual({ mailed: ORDERS });
      } finally {
        await Promise.all([orders.close(), mail.close()]);
      }
    },
  );
});
