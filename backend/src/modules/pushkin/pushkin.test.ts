/**
 * The Pushkin card end to end against real parts: the API, PGlite/PostgreSQL, Redis, the real workers (BullMQ), the
 * ATOL emulator, the second YooKassa shop's emulator and the registry emulator over HTTP. A sale at the till and one
 * online reach the registry with the right fields; refunds and the door check follow; a refused registration gives
 * the money back and flags the order; a failure reply and a lost answer are retried without a second ticket.
 */
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { buildFilm, buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { holdSeats, orderBody } from '../../testing/orders';
import { socketPool } from '../../testing/seat-client';
import { until } from '../../testing/wait';
import { pushkinHelpers } from './test-support';

let t: TestApi;
let workers: RunningWorkers;
const sockets = socketPool(() => t.url);

beforeAll(async () => {
  t = await startTestApi();
  workers = await startWorkers(t.ctx);
});
afterAll(async () => {
  sockets.closeAll();
  await workers.close();
  await t.close();
});

const VISITOR = { full_name: 'Пушкина Анна Сергеевна', phone: '+7 916 123-45-67' };
const { visitor, pushkinSession, cashierOnShift, sellAtTill, registryTicket, pushkinRow, waitStatus } = pushkinHelpers(
  () => t,
);

describe('the Pushkin card at the till', () => {
  it('sells one ticket to the holder, prints the receipt as a card payment and registers it with the right fields', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r5m7', VISITOR);
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ status: 'paid', payment_method: 'pushkin', rrn: '612345678901' });
    const ticketId = sale.body.tickets[0]!.id;
    // The counter sale went through the cash register, paid electronically.
    expect(t.ctx.atol.control.journal.some((entry) => JSON.stringify(entry.task).includes('electronically'))).toBe(
      true,
    );
    const [order] = await t.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, sale.body.id));
    expect(order).toMatchObject({ paymentMethod: 'pushkin', cardRrn: '612345678901', terminalId: 'T0012345' });
    expect(order!.terminalOwnerInn).toMatch(/^\d{10}(\d{2})?$/);

    await waitStatus(ticketId, 'active');
    const row = await pushkinRow(ticketId);
    const registered = t.ctx.registryEmulator.control.ticket(row!.registryId!);
    expect(registered).toMatchObject({
      status: 'active',
      barcode: sale.body.tickets[0]!.qr,
      barcode_type: '1',
      visitor: {
        full_name: 'Пушкина Анна Сергеевна',
        last_name: 'Пушкина',
        first_name: 'Анна',
        middle_name: 'Сергеевна',
      },
      buyer: { mobile_phone: '9161234567' },
      session: {
        event_id: '2154873',
        organization_id: t.ctx.registryEmulator.organizationId,
        date: Math.floor(session.startTime.getTime() / 1000),
      },
      payment: { rrn: '612345678901', ticket_price: '400.00', amount: '400.00' },
    });
    expect(registered!.session.params).toContain('ряд 5, место 7');
  });

  it('refuses a second ticket for the holder in the session, a film outside the programme and a missing holder', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const holder = visitor();
    expect((await sellAtTill(cashier.token, session.id, 'r1m1', holder)).status).toBe(201);
    const second = await sellAtTill(cashier.token, session.id, 'r1m2', holder);
    expect([second.status, second.body.error.code]).toEqual([409, 'pushkin_holder_has_ticket']);

    const plain = await buildSession(t.ctx.db, { startsInMinutes: 600 });
    const outside = await sellAtTill(cashier.token, plain.id, 'r1m1');
    expect([outside.status, outside.body.error.code]).toEqual([409, 'pushkin_not_eligible']);

    const bad = await t.call(
      'POST /till/orders',
      {
        body: { schedule_id: session.id, lines: [{ seat_number: 'r2m1' }, { seat_number: 'r2m2' }], method: 'pushkin' },
      },
      cashier.token,
    );
    expect(bad.status).toBe(400);
    const fields = (bad.body.error.details as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['lines', 'visitor', 'rrn', 'terminal_id']));
    expect(fields.visitor).toBe('Укажите ФИО и телефон владельца Пушкинской карты');
  });

  it('refunds at the counter and records the refund in the registry', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r3m3');
    const ticketId = sale.body.tickets[0]!.id;
    await waitStatus(ticketId, 'active');
    const refund = await t.call('POST /till/refunds', { body: { ticket_id: ticketId } }, cashier.token);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.method).toBe('card');
    await waitStatus(ticketId, 'refunded');
    const row = await pushkinRow(ticketId);
    expect(t.ctx.registryEmulator.control.ticket(row!.registryId!)).toMatchObject({
      status: 'refunded',
      refund_ticket_price: '400.00',
    });
  });

  it('retries a registration after a failure reply, and after a lost answer registers no second ticket', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    t.ctx.registryEmulator.control.failNext(1, { status: 500, method: 'POST', path: '/tickets' });
    const first = await sellAtTill(cashier.token, session.id, 'r6m1');
    await waitStatus(first.body.tickets[0]!.id, 'active');
    expect(
      t.ctx.registryEmulator.control.requests
        .filter((r) => r.body && (r.body as { barcode?: string }).barcode === first.body.tickets[0]!.qr)
        .map((r) => r.status),
    ).toEqual([500, 201]);

    t.ctx.registryEmulator.control.failNext(1, { method: 'POST', path: '/tickets', after: true });
    const lost = await sellAtTill(cashier.token, session.id, 'r6m2');
    const lostId = lost.body.tickets[0]!.id;
    await waitStatus(lostId, 'active');
    const same = t.ctx.registryEmulator.control.tickets().filter((r) => r.barcode === lost.body.tickets[0]!.qr);
    expect(same).toHaveLength(1);
    expect((await pushkinRow(lostId))!.registryId).toBeNull();
  });
});

describe('the Pushkin card online', () => {
  async function orderWithPushkin(sessionId: number, seat: string, holder = visitor()) {
    const buyer = await buildSignedInUser(t.ctx);
    const socket = await sockets.connect(buyer.token);
    const session = (await t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId)))[0]!;
    await holdSeats(socket, sessionId, [seat]);
    const res = await t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, [seat]), payment_method: 'pushkin', visitor: holder } },
      buyer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { buyer, order: res.body };
  }
  async function payAtSecondShop(orderId: number) {
    const [payment] = await t.ctx.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
    expect(payment!.provider).toBe('yookassa_pushkin');
    // The second shop took it, not the first.
    expect(t.ctx.emulator.control.payment(payment!.providerPaymentId!)).toBeUndefined();
    const paid = t.ctx.pushkinShop.control.succeed(payment!.providerPaymentId!);
    const delivery = await t.ctx.pushkinShop.control.delivery(
      (d) => d.objectId === payment!.providerPaymentId && d.event === 'payment.succeeded' && d.status !== null,
    );
    expect(delivery.status).toBe(200);
    return paid;
  }

  it('pays at the second shop, keeps the bank’s RRN and registers the ticket; the holder’s refund reaches the registry', async () => {
    const session = await pushkinSession();
    // Another holder than the till's: the registry refuses one holder two tickets for one event and time.
    const { buyer, order } = await orderWithPushkin(session.id, 'r4m4', {
      full_name: 'Онегин Евгений',
      phone: '8 926 765-43-21',
    });
    const paid = await payAtSecondShop(order.id);
    const rrn = paid.authorization_details!.rrn;
    const [row] = await t.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(row).toMatchObject({ status: 'paid', paymentMethod: 'pushkin', cardRrn: rrn, channel: 'web' });
    const ticketId = (await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, order.id)))[0]!.id;
    await waitStatus(ticketId, 'active');
    const registered = registryTicket((r) => r.payment.id === paid.id);
    expect(registered).toMatchObject({
      payment: { id: paid.id, rrn, amount: '400.00' },
      buyer: { mobile_phone: '9267654321' },
      visitor: { full_name: 'Онегин Евгений' },
    });

    const refund = await t.call('POST /tickets/:id/refund', { params: { id: ticketId } }, buyer.token);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await waitStatus(ticketId, 'refunded');
    expect(t.ctx.pushkinShop.control.refunds().filter((r) => r.payment_id === paid.id)).toHaveLength(1);
    expect(registryTicket((r) => r.payment.id === paid.id)!.status).toBe('refunded');
  });

  it('is refunded at the second shop by the session’s cancellation, with no one at the counter; the registry hears of it', async () => {
    const session = await pushkinSession();
    const { order } = await orderWithPushkin(session.id, 'r5m5', {
      full_name: 'Ларина Татьяна',
      phone: '8 926 111-22-33',
    });
    const paid = await payAtSecondShop(order.id);
    const ticketId = (await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, order.id)))[0]!.id;
    await waitStatus(ticketId, 'active');

    const manager = await buildSignedInUser(t.ctx, { role: 'manager' });
    const cancelled = await t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Авария проектора' } },
      manager.token,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Paid online: the cancellation's job gives it back, not the counter.
    expect(cancelled.body).toMatchObject({ refunded_online: 1, refund_at_counter: 0 });
    await waitStatus(ticketId, 'refunded');
    expect(t.ctx.pushkinShop.control.refunds().filter((r) => r.payment_id === paid.id)).toMatchObject([
      { status: 'succeeded', amount: { value: '400.00' } },
    ]);
    const [ticket] = await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticketId));
    expect(ticket!.status).toBe('refunded');
    expect(registryTicket((r) => r.payment.id === paid.id)!.status).toBe('refunded');
  });

  it('refuses a second seat and a missing holder with 400, and a film outside the programme with 409', async () => {
    const session = await pushkinSession();
    const buyer = await buildSignedInUser(t.ctx);
    const two = await t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, ['r1m1', 'r1m2']), payment_method: 'pushkin' } },
      buyer.token,
    );
    expect(two.status).toBe(400);
    expect((two.body.error.details as { fields: object }).fields).toMatchObject({
      seat_number: 'По Пушкинской карте — один билет на владельца карты',
      visitor: 'Укажите ФИО и телефон владельца Пушкинской карты',
    });
    const plain = await buildSession(t.ctx.db, { startsInMinutes: 600 });
    const outside = await t.call(
      'POST /tickets/store',
      { body: { ...orderBody(plain, ['r1m1']), payment_method: 'pushkin', visitor: visitor() } },
      buyer.token,
    );
    expect([outside.status, outside.body.error.code]).toEqual([409, 'pushkin_not_eligible']);
  });

  it('refunds a ticket the registry refuses, and flags its order for staff', async () => {
    const session = await pushkinSession();
    const { order } = await orderWithPushkin(session.id, 'r7m7');
    t.ctx.registryEmulator.control.failNext(1, { status: 400, method: 'POST', path: '/tickets' });
    const paid = await payAtSecondShop(order.id);
    const ticketId = (await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.orderId, order.id)))[0]!.id;
    await waitStatus(ticketId, 'refused');
    await until(
      () => t.ctx.pushkinShop.control.refunds().some((r) => r.payment_id === paid.id && r.status === 'succeeded'),
      15_000,
      'the refused ticket’s money never went back',
    );
    const admin = await buildSignedInUser(t.ctx, { role: 'admin' });
    const flagged = await t.call('GET /orders', { query: { flag: 'pushkin_refused' } }, admin.token);
    expect(flagged.body.data.map((o: { id: number }) => o.id)).toContain(order.id);
    const details = await t.call('GET /orders/:id/details', { params: { id: order.id } }, admin.token);
    expect(details.body.pushkin).toMatchObject({ status: 'refused', status_label: 'Реестр отказал в регистрации' });
  });
});

describe('the Pushkin card at the door', () => {
  it('asks for the holder’s ID, then admits and records the visit at the scan time', async () => {
    const session = await pushkinSession(30);
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r8m8', VISITOR);
    const ticketId = sale.body.tickets[0]!.id;
    const code = sale.body.tickets[0]!.qr;
    await waitStatus(ticketId, 'active');
    const ask = await t.call('POST /tickets/check-in', { body: { code } }, cashier.token);
    expect([ask.status, ask.body.error.code, ask.body.error.details]).toEqual([
      409,
      'pushkin_id_required',
      { visitor_name: 'Пушкина Анна Сергеевна' },
    ]);
    const admit = await t.call('POST /tickets/check-in', { body: { code, holder_id_checked: true } }, cashier.token);
    expect(admit.status, JSON.stringify(admit.body)).toBe(200);
    await waitStatus(ticketId, 'visited');
    const row = await pushkinRow(ticketId);
    const [ticket] = await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticketId));
    expect(t.ctx.registryEmulator.control.ticket(row!.registryId!)).toMatchObject({
      status: 'visited',
      visit_date: Math.floor(ticket!.usedAt!.getTime() / 1000),
    });
  });
});

describe('the film’s Pushkin card event', () => {
  it('is found in Pro.Культура by the ПУ number, saved with the film and read back; 404 outside the programme', async () => {
    const admin = await buildSignedInUser(t.ctx, { role: 'admin' });
    const film = await buildFilm(t.ctx.db, { title: 'Евгений Онегин', puNumber: '121777001' });
    t.ctx.registryEmulator.control.addEvent({ id: '2154874', name: 'Евгений Онегин', puNumbers: ['121777001'] });
    const found = await t.call('GET /films/:id/pushkin-event', { params: { id: film.id } }, admin.token);
    expect([found.status, found.body]).toEqual([200, { event_id: '2154874', name: 'Евгений Онегин' }]);
    const none = await t.call(
      'GET /films/:id/pushkin-event',
      { params: { id: film.id }, query: { pu_number: '121777999' } },
      admin.token,
    );
    expect(none.status).toBe(404);

    const edit = await t.call(
      'PUT /films/:id/edit',
      {
        params: { id: film.id },
        body: {
          title: film.title,
          description: '',
          age: 12,
          year: null,
          budget: null,
          trailer: null,
          is_rent: 1,
          pushkin_event_id: '2154874',
        },
      },
      admin.token,
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const read = await t.call('GET /films/:id', { params: { id: film.id } });
    expect(read.body.pushkin_event_id).toBe('2154874');
  });
});
