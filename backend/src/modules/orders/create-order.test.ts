/**
 * POST /api/tickets/store: held seats become a pending order with a payment at the provider; the seats
 * are taken on every map while the buyer pays. Nothing is written on any refusal.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import type { OrderView } from '../../contract/orders';
import { ScheduleListSchema } from '../../contract/schedules';
import type { TicketStoreBody } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildSession, buildTicket } from '../../testing/factories';
import { orderBody, ordersOf, payOrder, providerPaymentOf, useShop } from '../../testing/orders';
import { request, says, type SeatClient } from '../../testing/seat-client';
import { orderJobIds } from '../../queues/job-ids/orders';

describe('POST /api/tickets/store', () => {
  const shop = useShop();
  const api = () => shop.t;
  const buyer = () => shop.buyer();
  async function hold(socket: SeatClient, sessionId: number, seats: string[]) {
    await socket.join(sessionId);
    for (const seat of seats) expect((await request(socket, 'seats:hold', { sessionId, seat })).ok).toBe(true);
  }
  const bodyFor = (session: typeof schema.sessions.$inferSelect, seats: string[]): TicketStoreBody =>
    orderBody(session, seats);
  const store = (json: unknown, token?: string) => api().fetch('/api/tickets/store', { method: 'POST', json, token });
  const ticketsOf = (sessionId: number) =>
    api().ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, sessionId));
  async function errorOf(res: Response) {
    return ErrorBodySchema.parse(await res.json()).error;
  }

  it('returns 201 with the pending order and where to pay; the seats are taken on every map and the bill; the provider holds a payment with its receipt', async () => {
    const session = await buildSession(api().ctx.db, { price: 420 });
    const { user, token, socket } = await buyer();
    const watcher = await buyer();
    await watcher.socket.join(session.id);
    await hold(socket, session.id, ['r5m6', 'r5m5']);
    const takenIn = async () =>
      ScheduleListSchema.parse(await (await api().fetch('/api/schedules')).json())
        .flatMap((film) => film.schedule)
        .find((s) => s.id === session.id)!
        .ticket.map((x) => x.seat_number)
        .sort();
    expect(await takenIn()).toEqual([]); // now cached

    const res = await store(bodyFor(session, ['r5m6', 'r5m5']), token);
    expect(res.status).toBe(201);
    const order = (await res.json()) as OrderView;
    expect(order).toMatchObject({
      status: 'pending',
      channel: 'web',
      total: 840,
      schedule: { id: session.id, start_time: toCinemaTime(session.startTime) },
      decline: null,
      tickets: [],
    });
    expect(order.lines.map((l) => [l.seat_number, l.price, l.status])).toEqual([
      ['r5m5', 420, 'pending'],
      ['r5m6', 420, 'pending'],
    ]);
    const deadline = new Date(order.expires_at).getTime() - new Date(order.server_time).getTime();
    expect(deadline).toBeGreaterThan(14 * 60_000);
    expect(deadline).toBeLessThanOrEqual(15 * 60_000);

    const paymentId = await providerPaymentOf(api().ctx, order.id);
    expect(order.confirmation_url).toBe(`${api().ctx.emulator.url}/payments/${paymentId}`);
    const payment = api().ctx.emulator.control.payment(paymentId)!;
    expect(payment).toMatchObject({
      status: 'pending',
      amount: { value: '840.00', currency: 'RUB' },
      metadata: { order_id: String(order.id) },
      confirmation: { type: 'redirect', return_url: `${api().ctx.config.publicUrl}/orders/${order.id}` },
    });
    const [create] = api().ctx.emulator.control.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v3/payments',
    );
    expect((create!.body as { receipt: unknown }).receipt).toMatchObject({
      customer: { email: user.email },
      items: [
        {
          quantity: '1.00',
          amount: { value: '420.00', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
        { quantity: '1.00', amount: { value: '420.00', currency: 'RUB' } },
      ],
    });
    expect((create!.body as { receipt: { items: { description: string }[] } }).receipt.items[0]!.description).toMatch(
      /^Билет: .+, \d\d\.\d\d\.\d{4} \d\d:\d\d, ряд 5, место 5$/,
    );

    const rows = await ticketsOf(session.id);
    expect(rows.map((r) => [r.seatNumber, r.userId, r.priceKopecks, r.status]).sort()).toEqual([
      ['r5m5', user.id, 42_000, 'pending'],
      ['r5m6', user.id, 42_000, 'pending'],
    ]);
    const taken = await watcher.socket.waitForDelta(says('r5m5', 'sold'));
    expect(taken.changes).toEqual([
      { seat: 'r5m5', state: 'sold' },
      { seat: 'r5m6', state: 'sold' },
    ]);
    expect(await socket.join(session.id)).toMatchObject({ sold: ['r5m5', 'r5m6'], mine: [], deadline: null });
    expect(await takenIn()).toEqual(['r5m5', 'r5m6']);
    const expiry = await api().ctx.queues.queue('orders').getJob(orderJobIds.expire(order.id));
    expect(expiry?.data).toMatchObject({ orderId: order.id });
    expect(await expiry?.isDelayed()).toBe(true);
  });

  it('sells the tickets once the provider says the payment succeeded: PDFs and the mail are queued, the buyer sees the tickets', async () => {
    const session = await buildSession(api().ctx.db, { price: 300 });
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r8m1']);
    const order = (await (await store(bodyFor(session, ['r8m1']), token)).json()) as OrderView;

    await payOrder(api().ctx, order.id);

    const { status, body } = await api().call('GET /orders/:id', { params: { id: order.id } }, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'paid',
      confirmation_url: null,
      lines: [{ seat_number: 'r8m1', status: 'paid' }],
    });
    expect(body.tickets).toHaveLength(1);
    expect(body.tickets[0]).toMatchObject({ seat_number: 'r8m1', price: 300, status: 'paid', order_id: order.id });
    const ids = body.tickets.map((x) => x.id);
    const pdf = await api()
      .ctx.queues.queue('tickets')
      .getJob(`tickets-pdf-${ids.join('-')}`);
    expect(pdf?.data).toMatchObject({ ticketIds: ids });
    const mail = await api().ctx.queues.queue('mail').getJob(orderJobIds.paidMail(order.id));
    expect(mail?.data).toMatchObject({ orderId: order.id });
  });

  it('returns 401 for a guest and writes nothing', async () => {
    const session = await buildSession(api().ctx.db);
    const res = await store(bodyFor(session, ['r1m1']));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it.each([
    ['no seats', { seat_number: [] }, 'seat_number'],
    ['seven seats', { seat_number: ['r1m1', 'r1m2', 'r1m3', 'r1m4', 'r1m5', 'r1m6', 'r1m7'] }, 'seat_number'],
    ['a repeated seat', { seat_number: ['r1m1', 'r1m1'] }, 'seat_number'],
    ['a seat outside any hall', { seat_number: ['r31m1'] }, 'seat_number.0'],
    ['a price as text', { price: '350' }, 'price'],
    ['no session', { schedule_id: undefined }, 'schedule_id'],
    ['a date that is not a time', { purchase_date: 'завтра' }, 'purchase_date'],
  ])('returns 400 for %s and writes nothing', async (_name, change, field) => {
    const session = await buildSession(api().ctx.db);
    const { token } = await buyer();
    const res = await store({ ...bodyFor(session, ['r1m1']), ...change }, token);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys((error.details as { fields: object }).fields)).toContain(field);
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 404 for a session that does not exist', async () => {
    const session = await buildSession(api().ctx.db);
    const { token } = await buyer();
    const res = await store({ ...bodyFor(session, ['r1m1']), schedule_id: 999_999 }, token);
    expect(res.status).toBe(404);
  });

  it('returns 409 price_changed with the current price for a tampered price, and writes nothing', async () => {
    const session = await buildSession(api().ctx.db, { price: 500 });
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r2m1']);
    const res = await store({ ...bodyFor(session, ['r2m1']), price: 1 }, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'price_changed', details: { price: 500 } });
    expect(await ticketsOf(session.id)).toEqual([]);
    expect(await socket.join(session.id)).toMatchObject({ mine: ['r2m1'], sold: [] });
  });

  it('returns 409 hold_expired for seats the buyer does not hold, and writes nothing', async () => {
    const session = await buildSession(api().ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r3m1']);
    const res = await store(bodyFor(session, ['r3m1', 'r3m2']), token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'hold_expired', details: { seat: 'r3m2' } });
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 409 seat_taken for a seat held by another viewer, and writes nothing', async () => {
    const session = await buildSession(api().ctx.db);
    const ann = await buyer();
    const bob = await buyer();
    await hold(ann.socket, session.id, ['r4m1']);
    const res = await store(bodyFor(session, ['r4m1']), bob.token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'seat_taken', details: { seat: 'r4m1' } });
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 409 session_started once the session has begun', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: -1 });
    const { token } = await buyer();
    const res = await store(bodyFor(session, ['r1m1']), token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('session_started');
  });

  it('returns 409 conflict when the session time the buyer saw is not the session’s time', async () => {
    const session = await buildSession(api().ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r1m1']);
    const res = await store({ ...bodyFor(session, ['r1m1']), purchase_date: '2020-01-01 10:00:00' }, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'conflict',
      details: { start_time: toCinemaTime(session.startTime) },
    });
  });

  it('returns 409 seat_taken from the unique index when Redis let a sold seat be held, and writes none of the seats', async () => {
    const session = await buildSession(api().ctx.db);
    const ann = await buyer();
    const bob = await buyer();
    await ann.socket.join(session.id);
    // A ticket Redis never heard of (as if Redis lost the sale): the hold is granted, the database refuses.
    await buildTicket(api().ctx.db, { sessionId: session.id, userId: bob.user.id, seatNumber: 'r6m6' });
    await hold(ann.socket, session.id, ['r6m5', 'r6m6']);
    const res = await store(bodyFor(session, ['r6m5', 'r6m6']), ann.token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('seat_taken');
    expect((await ticketsOf(session.id)).map((r) => r.seatNumber)).toEqual(['r6m6']);
    expect((await ordersOf(api().ctx, session.id)).length).toBe(1);
  });

  it('returns 503 and frees the seats when the provider cannot be reached: the order is cancelled, nothing is sold', async () => {
    const session = await buildSession(api().ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r9m1']);
    api().ctx.emulator.control.failNext(4, { status: 503, method: 'POST', path: '/v3/payments' });
    const res = await store(bodyFor(session, ['r9m1']), token);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toMatch(/Места освобождены/);
    const [order] = await ordersOf(api().ctx, session.id);
    expect(order).toMatchObject({ status: 'cancelled' });
    expect((await ticketsOf(session.id)).map((r) => r.status)).toEqual(['cancelled']);
    await socket.waitForDelta(says('r9m1', 'free'));
  });

  it('makes one payment when the provider answered 500 after creating it: the retry with the same key gets the same payment', async () => {
    const session = await buildSession(api().ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r9m2']);
    const before = api().ctx.emulator.control.payments().length;
    api().ctx.emulator.control.failNext(1, { status: 500, method: 'POST', path: '/v3/payments', after: true });
    const res = await store(bodyFor(session, ['r9m2']), token);
    expect(res.status).toBe(201);
    const order = (await res.json()) as OrderView;
    expect(api().ctx.emulator.control.payments().length).toBe(before + 1);
    const creates = api()
      .ctx.emulator.control.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments')
      .slice(-2);
    expect(creates.map((r) => r.status)).toEqual([500, 200]);
    expect(new Set(creates.map((r) => r.idempotenceKey)).size).toBe(1);
    expect(order.confirmation_url).toContain(await providerPaymentOf(api().ctx, order.id));
  });

  it('sells each seat exactly once when 50 buyers race for the same seats', async () => {
    const session = await buildSession(api().ctx.db);
    const seats = ['r7m1', 'r7m2', 'r7m3', 'r7m4', 'r7m5', 'r7m6'];
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    await Promise.all(buyers.map((b) => b.socket.join(session.id)));
    // Everyone grabs every seat at once; each seat goes to exactly one of them.
    const acks = await Promise.all(
      buyers.flatMap((b) => seats.map((seat) => request(b.socket, 'seats:hold', { sessionId: session.id, seat }))),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(seats.length);
    // Then everyone tries to buy every seat at once.
    const attempts = buyers.flatMap((b) => seats.map((seat) => ({ b, seat })));
    const answers = await Promise.all(attempts.map(({ b, seat }) => store(bodyFor(session, [seat]), b.token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(seats.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(attempts.length - seats.length);
    const rows = await ticketsOf(session.id);
    expect(rows.map((r) => r.seatNumber).sort()).toEqual(seats);
    expect((await ordersOf(api().ctx, session.id)).length).toBe(seats.length);
  }, 60_000);
});
