/**
 * Paying is a transition that asks `canBeSold` (orders/mark-paid.ts): money that completes at the
 * provider for a cancelled session, a session that has started, or an order that was cancelled buys
 * nothing — no ticket is sold, the whole payment goes back through the provider (the YooKassa
 * emulator records the refund) and the buyer reads why in a mail (a real SMTP server, the real workers).
 * The same holds for a payment link the till gave a walk-in (till method `link`), cancelled or started.
 */
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { toCinemaTime } from '../../contract/time';
import { ManualClock } from '../../lib/infra/clock';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { orderSeats, payOrder } from '../../testing/orders';
import { socketPool } from '../../testing/seat-client';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp';
import { MONEY_REFUSALS } from './mark-paid';

const MINUTE = 60_000;

let smtp: TestSmtp;
let t: TestApi;
let workers: RunningWorkers;
const clock = new ManualClock();
const sockets = socketPool(() => t.url);

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApi({ env: { SMTP_URL: smtp.url }, clock });
  workers = await startWorkers(t.ctx);
});
afterAll(async () => {
  sockets.closeAll();
  await workers.close();
  await t.close();
  await smtp.close();
});

describe('a payment that completes when the seats may no longer be sold', () => {
  const buyer = async () => {
    const signedIn = await buildSignedInUser(t.ctx);
    return { ...signedIn, socket: await sockets.connect(signedIn.token) };
  };
  const linesOf = async (orderId: number) =>
    (await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, orderId))).map((r) => r.status);
  const orderRow = async (id: number) =>
    (await t.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
  const eventsOf = async (orderId: number) =>
    (await t.ctx.db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, orderId))).map(
      (e) => e.action,
    );
  const refundsAtProvider = (paymentId: string) =>
    t.ctx.emulator.control.refunds().filter((r) => r.payment_id === paymentId);
  const cancel = async (sessionId: number) => {
    const manager = await buildSignedInUser(t.ctx, { role: 'manager' });
    const res = await t.call(
      'POST /schedules/:id/cancel',
      { params: { id: sessionId }, body: { reason: 'Авария проектора' } },
      manager.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** Everything the buyer must observe: nothing sold, the money back once, a mail that says why. */
  async function expectRefunded(orderId: number, paymentId: string, email: string, amount: number, why: string) {
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(await linesOf(orderId)).not.toContain('paid');
    expect(refundsAtProvider(paymentId)).toMatchObject([{ status: 'succeeded', amount: { value: `${amount}.00` } }]);
    expect(await eventsOf(orderId)).toEqual(expect.arrayContaining(['late_payment_refunded', 'refunded']));
    const mail = await smtp.nextMail(email);
    expect(mail.subject).toBe(`Оплата заказа №${orderId} возвращается`);
    expect(mail.text).toContain(why.replace(': оформлен возврат', ''));
  }

  it('refunds a payment completed after its session was cancelled, and sells nothing', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 180 });
    const b = await buyer();
    const order = await orderSeats(t, b, session, ['r4m4']);
    await cancel(session.id);
    // The viewer had the provider's page open and pays there now.
    const paymentId = await payOrder(t.ctx, order.id);
    await expectRefunded(order.id, paymentId, b.user.email, session.price, MONEY_REFUSALS.sessionCancelled);
  });

  it('refunds a payment completed after its session started, cancels the order and frees the seats', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 30 });
    const b = await buyer();
    const order = await orderSeats(t, b, session, ['r5m5']);
    clock.set(session.startTime.getTime() + 5 * MINUTE);
    try {
      const paymentId = await payOrder(t.ctx, order.id);
      await expectRefunded(order.id, paymentId, b.user.email, session.price, MONEY_REFUSALS.sessionStarted);
      expect(await linesOf(order.id)).toEqual(['cancelled']);
    } finally {
      clock.set(Date.now());
    }
  });

  it('refunds a payment completed after the buyer cancelled the order, though the seat is still free', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 180 });
    const b = await buyer();
    const order = await orderSeats(t, b, session, ['r6m6']);
    const gaveUp = await t.call('POST /orders/:id/cancel', { params: { id: order.id } }, b.token);
    expect(gaveUp.status, JSON.stringify(gaveUp.body)).toBe(200);
    const paymentId = await payOrder(t.ctx, order.id);
    await expectRefunded(order.id, paymentId, b.user.email, session.price, MONEY_REFUSALS.orderCancelled);
  });

  /** A walk-in's order at the till, paid by the link the till gives (method `link`): pending until paid online. */
  const tillLink = async (sessionId: number, seat: string, contact: string) => {
    const cashier = await buildSignedInUser(t.ctx, { role: 'cashier' });
    const shift = await t.call('POST /shifts/open', { body: { float: 0, till: `Касса ${contact}` } }, cashier.token);
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const link = await t.call(
      'POST /till/orders',
      { body: { schedule_id: sessionId, lines: [{ seat_number: seat }], method: 'link', contact } },
      cashier.token,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body).toMatchObject({ status: 'pending', confirmation_url: expect.any(String) });
    return link.body.id;
  };

  it('refunds the till’s payment link paid after the session was cancelled, and mails the walk-in’s contact', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 180 });
    const orderId = await tillLink(session.id, 'r7m7', 'walkin-late@example.com');
    await cancel(session.id);
    const paymentId = await payOrder(t.ctx, orderId);
    await expectRefunded(orderId, paymentId, 'walkin-late@example.com', session.price, MONEY_REFUSALS.sessionCancelled);
  });

  it('refunds the till’s payment link paid after the session started, and frees its seat', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 30 });
    const orderId = await tillLink(session.id, 'r7m8', 'walkin-started@example.com');
    clock.set(session.startTime.getTime() + 5 * MINUTE);
    try {
      const paymentId = await payOrder(t.ctx, orderId);
      await expectRefunded(
        orderId,
        paymentId,
        'walkin-started@example.com',
        session.price,
        MONEY_REFUSALS.sessionStarted,
      );
      expect(await linesOf(orderId)).toEqual(['cancelled']);
    } finally {
      clock.set(Date.now());
    }
  });

  it('lets staff resolve a refund the provider refused: «Деньги вернули вручную», who and when, the filter and the count follow', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 180 });
    const b = await buyer();
    const order = await orderSeats(t, b, session, ['r8m8']);
    await cancel(session.id);
    t.ctx.emulator.control.setRefundOutcome('canceled');
    try {
      await payOrder(t.ctx, order.id);
    } finally {
      t.ctx.emulator.control.setRefundOutcome('succeeded');
    }
    const manager = await buildSignedInUser(t.ctx, { role: 'manager', fio: 'Ольга Управляющая' });
    const cashier = await buildSignedInUser(t.ctx, { role: 'cashier' });
    const flagged = async () =>
      (await t.call('GET /orders', { query: { flag: 'manual_refund', per_page: 100 } }, manager.token)).body.data.map(
        (r) => r.id,
      );
    const count = async () => (await t.call('GET /dashboard/sales', {}, manager.token)).body.manual_refunds;
    expect(await flagged()).toContain(order.id);
    const before = await count();
    expect(before).toBeGreaterThan(0);

    // A cashier may not; the manager may, once.
    const refused = await t.call('POST /orders/:id/returned-by-hand', { params: { id: order.id } }, cashier.token);
    expect(refused.status).toBe(403);
    clock.set(Date.now());
    const done = await t.call('POST /orders/:id/returned-by-hand', { params: { id: order.id } }, manager.token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      needs_manual_refund: false,
      returned_by_hand: { by: 'Ольга Управляющая', at: toCinemaTime(clock.now()) },
    });
    expect(done.body.events.at(-1)).toMatchObject({ action: 'refund_returned_by_hand', actor: 'Ольга Управляющая' });
    expect(await flagged()).not.toContain(order.id);
    expect(await count()).toBe(before - 1);
    const again = await t.call('POST /orders/:id/returned-by-hand', { params: { id: order.id } }, manager.token);
    expect([again.status, again.body]).toMatchObject([409, { error: { code: 'order_closed' } }]);
  });
});
