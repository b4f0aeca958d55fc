/**
 * The payment's life after the order: notifications (replayed, forged, from elsewhere, before the buyer
 * returns), declines, the buyer giving up, expiry (the provider asked first), payments that come late
 * (sold if the seats are still free, refunded if not — the buyer mailed once the provider confirms,
 * staff told when it refuses), a payment the provider does not know, and reconciliation healing lost
 * notifications, expiring past-due orders and finishing refunds.
 */
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../contract/constants';
import type { OrderView } from '../../contract/orders';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../emulators/yookassa';
import { schema } from '../../db';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi } from '../../testing/harness';
import { buySeats, orderSeats, payOrder, providerPaymentOf, useShop } from '../../testing/orders';
import { connectSeatClient, says } from '../../testing/seat-client';
import { paymentProviderFor } from '../../payments';
import { expireOrder } from './expire-order';
import { orderJobIds } from '../../queues/job-ids/orders';
import { reconcileOrders } from './reconcile';

const MINUTE = 60_000;

const restartedSettings = (emulator: YooKassaEmulator) => ({
  apiUrl: emulator.apiUrl,
  shopId: emulator.shopId,
  secretKey: emulator.secretKey,
});

describe('an order and its payment', () => {
  const shop = useShop();
  const api = () => shop.t;
  const buyer = () => shop.buyer();
  const orderRow = async (id: number) =>
    (await api().ctx.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const linesOf = async (orderId: number) =>
    (await api().ctx.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, orderId))).map((r) => r.status);
  const eventsOf = async (orderId: number) =>
    (await api().ctx.db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, orderId))).map(
      (e) => e.action,
    );
  const notify = (body: unknown) => api().fetch('/api/payments/yookassa/notifications', { method: 'POST', json: body });
  const mailJobs = async (name: string, orderId: number) =>
    (await api().ctx.queues.queue('mail').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (job) => job.name === name && job.data.orderId === orderId,
    );

  it('sells once however often the notification comes: five replays, one sale, one mail, one audit entry', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r1m1', 'r1m2']);
    const paymentId = await payOrder(api().ctx, order.id);
    for (let i = 0; i < 5; i++) {
      const delivery = await api().ctx.emulator.control.notify('payment.succeeded', paymentId);
      expect(delivery.status).toBe(200);
    }
    expect(await linesOf(order.id)).toEqual(['paid', 'paid']);
    expect((await eventsOf(order.id)).filter((a) => a === 'paid')).toHaveLength(1);
    expect(await mailJobs('mail.order-paid', order.id)).toHaveLength(1);
  });

  it('sells nothing on a forged notification: the body says succeeded, the provider says pending', async () => {
    const session = await buildSession(api().ctx.db);
    const order = await orderSeats(api(), await buyer(), session, ['r2m1']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    const forged = api().ctx.emulator.control.payment(paymentId)!;
    const res = await notify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { ...forged, status: 'succeeded', paid: true },
    });
    expect(res.status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await linesOf(order.id)).toEqual(['pending']);
  });

  it('answers 200 and does nothing for a payment the provider does not know, and 400 for a body that is no notification', async () => {
    const unknown = await notify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '2f0c0a2e-000f-5000-9000-1b2c3d4e5f60' },
    });
    expect(unknown.status).toBe(200);
    const malformed = await notify({ event: 'payment.succeeded' });
    expect(malformed.status).toBe(400);
  });

  it('answers 503 when the provider cannot be asked, so the notification comes again, and then sells', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r2m5']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    api().ctx.emulator.control.failNext(4, { status: 500, method: 'GET', path: `/v3/payments/${paymentId}` });
    api().ctx.emulator.control.succeed(paymentId);
    const first = await api().ctx.emulator.control.delivery((d) => d.objectId === paymentId && d.attempt === 1);
    expect(first.status).toBe(503);
    const healed = await api().ctx.emulator.control.delivery((d) => d.objectId === paymentId && d.status === 200);
    expect(healed.attempt).toBeGreaterThan(1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('shows the buyer the tickets when the notification came before they returned from the payment page', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r3m3']);
    await payOrder(api().ctx, order.id);
    // The buyer's browser comes back to /orders/{id} afterwards and reloads it twice.
    for (let i = 0; i < 2; i++) {
      const { body } = await api().call('GET /orders/:id', { params: { id: order.id } }, b.token);
      expect(body).toMatchObject({ status: 'paid', tickets: [{ seat_number: 'r3m3', status: 'paid' }] });
    }
  });

  it('pushes the paid order, with its tickets, to its buyer’s open pages only: what GET /api/orders/{id} answers them', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const other = await buyer();
    const heard = (socket: unknown) => {
      const events: { id: number; order?: OrderView }[] = [];
      (socket as Socket).on('orders:changed', (change: { id: number; order?: OrderView }) => events.push(change));
      return events;
    };
    const buyerHeard = heard(b.socket);
    const otherHeard = heard(other.socket);
    const order = await orderSeats(api(), b, session, ['r4m4', 'r4m5']);
    await payOrder(api().ctx, order.id);
    await expect.poll(() => buyerHeard.find((e) => e.order)).toBeTruthy();
    const pushed = buyerHeard.find((e) => e.order)!;
    const { body } = await api().call('GET /orders/:id', { params: { id: order.id } }, b.token);
    expect(pushed.id).toBe(order.id);
    expect({ ...pushed.order, server_time: null }).toEqual({ ...body, server_time: null });
    expect(pushed.order).toMatchObject({
      status: 'paid',
      tickets: [
        { seat_number: 'r4m4', status: 'paid' },
        { seat_number: 'r4m5', status: 'paid' },
      ],
    });
    expect(otherHeard).toEqual([]);
  });

  it('answers the order to its buyer and to staff who may read orders, 404 to anyone else', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r3m6']);
    const stranger = await buildSignedInUser(api().ctx);
    const cashier = await buildSignedInUser(api().ctx, { role: 'cashier' });
    const contentManager = await buildSignedInUser(api().ctx, { role: 'content-manager' });
    const as = (token: string) => api().call('GET /orders/:id', { params: { id: order.id } }, token);
    expect((await as(stranger.token)).status).toBe(404);
    expect((await as(contentManager.token)).status).toBe(404);
    const staff = await as(cashier.token);
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ id: order.id, tickets: [] });
    expect((await api().call('GET /orders/:id', { params: { id: order.id } })).status).toBe(401);
  });

  it('cancels the order when the bank declines: the reason in Russian, the seats free on every map', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const watcher = await buyer();
    await watcher.socket.join(session.id);
    const order = await orderSeats(api(), b, session, ['r4m4']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    api().ctx.emulator.control.decline(paymentId, 'insufficient_funds');
    await api().ctx.emulator.control.delivery(
      (d) => d.objectId === paymentId && d.event === 'payment.canceled' && d.status === 200,
    );
    const { body } = await api().call('GET /orders/:id', { params: { id: order.id } }, b.token);
    expect(body).toMatchObject({
      status: 'cancelled',
      confirmation_url: null,
      decline: { reason: 'insufficient_funds', message: 'На карте недостаточно средств' },
      lines: [{ status: 'cancelled' }],
    });
    await watcher.socket.waitForDelta(says('r4m4', 'free'));
  });

  it('lets the buyer give up a pending order (seats free at once), and refuses with 409 order_paid once the money came', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r5m1']);
    const other = await buildSignedInUser(api().ctx);
    expect((await api().call('POST /orders/:id/cancel', { params: { id: order.id } }, other.token)).status).toBe(404);
    const cancelled = await api().call('POST /orders/:id/cancel', { params: { id: order.id } }, b.token);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    await b.socket.waitForDelta(says('r5m1', 'free'));

    const paid = await orderSeats(api(), b, session, ['r5m2']);
    // The buyer paid in another tab; the notification is lost, so only the provider knows.
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.succeed(await providerPaymentOf(api().ctx, paid.id));
      const refused = await api().call('POST /orders/:id/cancel', { params: { id: paid.id } }, b.token);
      expect([refused.status, refused.body.error.code]).toEqual([409, 'order_paid']);
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
    expect((await orderRow(paid.id)).status).toBe('paid');
  });

  it('expires an unpaid order at its deadline after asking the provider: the seats come free on every map', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const watcher = await buyer();
    await watcher.socket.join(session.id);
    const order = await orderSeats(api(), b, session, ['r6m1', 'r6m2']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    const asked = () =>
      api().ctx.emulator.control.requests.filter((r) => r.path === `/v3/payments/${paymentId}`).length;

    expect(await expireOrder(api().ctx, order.id, new Date())).toBe('not-due');
    const before = asked();
    expect(await expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE))).toBe('expired');
    expect(asked()).toBe(before + 1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'expired' });
    expect(await linesOf(order.id)).toEqual(['cancelled', 'cancelled']);
    await watcher.socket.waitForDelta(says('r6m2', 'free'));
    const { body } = await api().call('GET /orders/:id', { params: { id: order.id } }, b.token);
    expect(body).toMatchObject({ status: 'expired', confirmation_url: null });
  });

  it('never expires an order whose payment succeeded unheard: it is paid instead', async () => {
    const session = await buildSession(api().ctx.db);
    const order = await orderSeats(api(), await buyer(), session, ['r6m5']);
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.succeed(await providerPaymentOf(api().ctx, order.id));
      expect(await expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE))).toBe('settled');
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await linesOf(order.id)).toEqual(['paid']);
  });

  it('leaves the order pending when the provider cannot be asked at its deadline (the job is retried)', async () => {
    const session = await buildSession(api().ctx.db);
    const order = await orderSeats(api(), await buyer(), session, ['r6m8']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    api().ctx.emulator.control.failNext(4, { status: 503, method: 'GET', path: `/v3/payments/${paymentId}` });
    await expect(expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE))).rejects.toThrow();
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('sells a payment that came after its order expired when the seats are still free', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r7m1']);
    await expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE));
    await b.socket.waitForDelta(says('r7m1', 'free'));

    await payOrder(api().ctx, order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    expect(await linesOf(order.id)).toEqual(['paid']);
    expect(await eventsOf(order.id)).toContain('late_payment_sold');
    await b.socket.waitForDelta(says('r7m1', 'sold'));
  });

  /** An order that expired and whose seat another viewer then bought: its payment now comes too late. */
  async function resoldOrder(seat: string) {
    const session = await buildSession(api().ctx.db);
    const late = await buyer();
    const order = await orderSeats(api(), late, session, [seat]);
    await expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE));
    const other = await buyer();
    await late.socket.waitForDelta(says(seat, 'free'));
    const resold = await orderSeats(api(), other, session, [seat]);
    await payOrder(api().ctx, resold.id);
    return { session, order, resold };
  }
  const refundsOfPayment = (paymentId: string) =>
    api()
      .ctx.emulator.control.refunds()
      .filter((r) => r.payment_id === paymentId);
  const staffView = async (orderId: number, status: OrderStatus = 'expired') => {
    const manager = await buildSignedInUser(api().ctx, { role: 'manager' });
    const details = await api().call('GET /orders/:id/details', { params: { id: orderId } }, manager.token);
    const list = await api().call('GET /orders', { query: { status, per_page: 100 } }, manager.token);
    return { details: details.body, row: list.body.data.find((r) => r.id === orderId) };
  };

  it('refunds a payment that came after its seats were sold to someone else, and tells the buyer by mail', async () => {
    const { session, order, resold } = await resoldOrder('r7m5');
    const paymentId = await payOrder(api().ctx, order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'expired' });
    expect(await linesOf(order.id)).toEqual(['cancelled']);
    expect(await eventsOf(order.id)).toEqual(expect.arrayContaining(['late_payment_refunded', 'refunded']));
    expect(refundsOfPayment(paymentId)).toMatchObject([
      { status: 'succeeded', amount: { value: `${session.price}.00` } },
    ]);
    expect(await mailJobs('mail.order-late-refund', order.id)).toHaveLength(1);
    expect(await linesOf(resold.id)).toEqual(['paid']);
    expect((await staffView(order.id)).row).toMatchObject({ needs_manual_refund: false });
  });

  it('mails the buyer of a late payment only once the provider confirms its refund (pending first, then succeeded)', async () => {
    const { order } = await resoldOrder('r7m6');
    api().ctx.emulator.control.setRefundOutcome('pending');
    let paymentId: string;
    try {
      paymentId = await payOrder(api().ctx, order.id);
    } finally {
      api().ctx.emulator.control.setRefundOutcome('succeeded');
    }
    const [pending] = refundsOfPayment(paymentId);
    expect(pending).toMatchObject({ status: 'pending' });
    expect(await mailJobs('mail.order-late-refund', order.id)).toHaveLength(0);

    api().ctx.emulator.control.settleRefund(pending!.id, 'succeeded');
    await api().ctx.emulator.control.delivery((d) => d.objectId === pending!.id && d.status === 200);
    expect(await mailJobs('mail.order-late-refund', order.id)).toHaveLength(1);
    expect(await eventsOf(order.id)).toContain('refunded');
  });

  it('tells staff to return a late payment by hand when the provider refuses its refund, and mails the buyer nothing', async () => {
    const { order } = await resoldOrder('r7m7');
    api().ctx.emulator.control.setRefundOutcome('canceled');
    let paymentId: string;
    try {
      paymentId = await payOrder(api().ctx, order.id);
    } finally {
      api().ctx.emulator.control.setRefundOutcome('succeeded');
    }
    expect(refundsOfPayment(paymentId)).toMatchObject([{ status: 'canceled' }]);
    expect(await mailJobs('mail.order-late-refund', order.id)).toHaveLength(0);
    const { details, row } = await staffView(order.id);
    expect(row).toMatchObject({ status: 'expired', needs_manual_refund: true });
    expect(details).toMatchObject({ status: 'expired', needs_manual_refund: true });
    expect(details.events.at(-1)).toMatchObject({
      action: 'refund_refused',
      actor: null,
      reason: 'Банк покупателя не принял возврат. Деньги нужно вернуть вручную',
    });
  });

  it('heals a lost notification: reconciliation asks the provider and sells', async () => {
    const session = await buildSession(api().ctx.db);
    const order = await orderSeats(api(), await buyer(), session, ['r8m8']);
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.succeed(await providerPaymentOf(api().ctx, order.id));
      // Within a minute or two the notification is surely on its way: reconciliation leaves it alone.
      await reconcileOrders(api().ctx, new Date());
      expect((await orderRow(order.id)).status).toBe('pending');
      const report = await reconcileOrders(api().ctx, new Date(Date.now() + 3 * MINUTE));
      expect(report.checked).toBeGreaterThanOrEqual(1);
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await mailJobs('mail.order-paid', order.id)).toHaveLength(1);
  });

  it('answers 403 to a notification from an address that is not the provider’s, and acts on nothing', async () => {
    const strict = await startTestApi({ env: { YOOKASSA_NOTIFICATION_SOURCES: '185.71.76.0/27,77.75.156.11' } });
    try {
      const session = await buildSession(strict.ctx.db);
      const { token } = await buildSignedInUser(strict.ctx);
      const socket = await connectSeatClient(strict.url, token);
      const order = await orderSeats(strict, { token, socket }, session, ['r1m1']);
      socket.disconnect();
      const paymentId = await providerPaymentOf(strict.ctx, order.id);
      strict.ctx.emulator.control.succeed(paymentId);
      const delivery = await strict.ctx.emulator.control.delivery((d) => d.objectId === paymentId && d.status !== null);
      expect(delivery.status).toBe(403);
      expect((await strict.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, order.id)))[0]!.status).toBe(
        'pending',
      );
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('answers the buyer’s page paid, with the tickets, when the notification was lost: the page’s read asks the provider', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r9m1']);
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.succeed(await providerPaymentOf(api().ctx, order.id));
      const { status, body } = await api().call('GET /orders/:id', { params: { id: order.id } }, b.token);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'paid', tickets: [{ seat_number: 'r9m1', status: 'paid' }] });
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
  });

  it('cancels a pending order whose payment the provider does not know (the demo’s emulator restarted): seats free, the audit says why', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r9m2']);
    // The API now talks to a new emulator, which has never seen the order's payment.
    const restarted = await startYooKassaEmulator();
    try {
      const { config, logger } = api().ctx;
      const ctx = {
        ...api().ctx,
        payments: paymentProviderFor(
          { ...config, yookassa: { ...config.yookassa, ...restartedSettings(restarted) } },
          logger,
        ),
      };
      const report = await reconcileOrders(ctx, new Date(Date.now() + 16 * MINUTE));
      expect(report.expired).toBe(0);
      expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled' });
      // Asked again (the sweep, the page), nothing fails and nothing changes.
      expect(await expireOrder(ctx, order.id, new Date(Date.now() + 17 * MINUTE))).toBe('settled');
    } finally {
      await restarted.close();
    }
    expect(await linesOf(order.id)).toEqual(['cancelled']);
    await b.socket.waitForDelta(says('r9m2', 'free'));
    const { details } = await staffView(order.id, 'cancelled');
    expect(details.events.at(-1)).toMatchObject({
      action: 'cancelled',
      reason: 'Платёжный сервис не знает платежа заказа: деньги по нему списать нельзя',
    });
    expect(details.payments).toMatchObject([{ status: 'canceled' }]);
  });

  it('expires past-due orders in the reconciliation sweep (the provider asked first), the seats free on every map', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r9m3']);
    await reconcileOrders(api().ctx, new Date(Date.now() + 3 * MINUTE));
    expect((await orderRow(order.id)).status).toBe('pending');
    const report = await reconcileOrders(api().ctx, new Date(Date.now() + 16 * MINUTE));
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'expired' });
    await b.socket.waitForDelta(says('r9m3', 'free'));
  });

  it('notices in reconciliation a payment that succeeded unheard after its order expired, and sells the still-free seat', async () => {
    const session = await buildSession(api().ctx.db);
    const b = await buyer();
    const order = await orderSeats(api(), b, session, ['r9m4']);
    expect(await expireOrder(api().ctx, order.id, new Date(Date.now() + 16 * MINUTE))).toBe('expired');
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.succeed(await providerPaymentOf(api().ctx, order.id));
      await reconcileOrders(api().ctx, new Date(Date.now() + 3 * MINUTE));
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    expect(await linesOf(order.id)).toEqual(['paid']);
    expect(await eventsOf(order.id)).toContain('late_payment_sold');
    await b.socket.waitForDelta(says('r9m4', 'sold'));
  });

  it('asks the provider again with the same Idempotence-Key for a refund it made but could not answer, and refunds once', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 600 });
    const order = await buySeats(api(), await buyer(), session, ['r9m5']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    const admin = await buildSignedInUser(api().ctx, { role: 'admin' });
    const refundCalls = () => api().ctx.emulator.control.requests.filter((r) => r.path === '/v3/refunds');
    const before = refundCalls().length;
    // The provider makes the refund, then every answer is lost (the client's retries too).
    api().ctx.emulator.control.failNext(4, { status: 500, method: 'POST', path: '/v3/refunds', after: true });
    const asked = await api().call(
      'POST /orders/:id/refund',
      { params: { id: order.id }, body: { reason: 'Зритель заболел' } },
      admin.token,
    );
    expect(asked.body.lines).toMatchObject([{ status: 'paid', refund: { status: 'creating' } }]);

    await reconcileOrders(api().ctx, new Date(Date.now() + 3 * MINUTE));
    expect(await linesOf(order.id)).toEqual(['refunded']);
    const calls = refundCalls().slice(before);
    expect(calls.length).toBeGreaterThan(4);
    expect(new Set(calls.map((c) => c.idempotenceKey)).size).toBe(1);
    expect(refundsOfPayment(paymentId)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('settles in reconciliation a pending refund whose refund.succeeded notification was lost', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 600 });
    const order = await buySeats(api(), await buyer(), session, ['r9m6']);
    const paymentId = await providerPaymentOf(api().ctx, order.id);
    const admin = await buildSignedInUser(api().ctx, { role: 'admin' });
    api().ctx.emulator.control.setRefundOutcome('pending');
    try {
      const asked = await api().call(
        'POST /orders/:id/refund',
        { params: { id: order.id }, body: { reason: 'Зритель заболел' } },
        admin.token,
      );
      expect(asked.body.lines).toMatchObject([{ status: 'paid', refund: { status: 'pending' } }]);
    } finally {
      api().ctx.emulator.control.setRefundOutcome('succeeded');
    }
    api().ctx.emulator.control.dropNotifications(true);
    try {
      api().ctx.emulator.control.settleRefund(refundsOfPayment(paymentId)[0]!.id, 'succeeded');
      await reconcileOrders(api().ctx, new Date(Date.now() + 3 * MINUTE));
    } finally {
      api().ctx.emulator.control.dropNotifications(false);
    }
    expect(await linesOf(order.id)).toEqual(['refunded']);
  });

  it('queues the expiry of every new order at its deadline, once', async () => {
    const session = await buildSession(api().ctx.db);
    const order = await orderSeats(api(), await buyer(), session, ['r9m9']);
    const job = await api().ctx.queues.queue('orders').getJob(orderJobIds.expire(order.id));
    expect(job?.opts.delay).toBeGreaterThan(14 * MINUTE);
  });
});
