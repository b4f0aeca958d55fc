/**
 * The box office against real PGlite/PostgreSQL, Redis and the payment emulator: a cashier's shift, sales
 * at the till to walk-ins while viewers hold and buy online in the same session, refunds at the counter,
 * and every refusal (a 4xx in the error shape, nothing written, no seat left held).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { SeatStore } from '../seats';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { buySeats, holdSeats, ordersOf, payOrder, useShop } from '../../testing/orders';
import { pdfAllQrCodes, pdfText } from '../../testing/pdf';

/** Each page's check-in code, the receipt's QR (t=…&n=1) beside it left out. */
const checkInCodes = (pages: string[][]) => pages.map((codes) => codes.find((code) => !code.startsWith('t=')));
import { request, says } from '../../testing/seat-client';

describe('the till', () => {
  const shop = useShop();
  const db = () => shop.t.ctx.db;

  let tills = 0;
  /** A staff member with an open shift at a till of their own. */
  async function cashierOnShift(float = 1000, role: 'cashier' | 'manager' | 'admin' = 'cashier') {
    const cashier = await buildSignedInUser(shop.t.ctx, { role, fio: 'Ирина Кассир' });
    const open = await shop.t.call('POST /shifts/open', { body: { float, till: `Касса ${++tills}` } }, cashier.token);
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    return { ...cashier, shift: open.body };
  }

  const sell = (token: string, body: unknown) => shop.t.call('POST /till/orders', { body }, token);
  const lines = (...seats: string[]) => seats.map((seat_number) => ({ seat_number }));
  const heldSeats = async (sessionId: number) => (await new SeatStore(shop.t.ctx).snapshot(sessionId, undefined)).held;

  it('a cashier sells three tickets for cash to a walk-in while a viewer buys online, refunds one, and closes with the right cash', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 350 });
    const cashier = await cashierOnShift(1000);
    const viewer = await shop.buyer();
    const watcher = await shop.buyer();
    await watcher.socket.join(session.id);

    // The viewer holds a seat online: the till cannot take it.
    await holdSeats(viewer.socket, session.id, ['r5m5']);
    const refused = await sell(cashier.token, { schedule_id: session.id, lines: lines('r5m5'), method: 'cash' });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'seat_taken']);

    // Three seats for cash: paid at once, change given, tickets to print, the seller and the till recorded.
    const sale = await sell(cashier.token, {
      schedule_id: session.id,
      lines: lines('r3m3', 'r3m1', 'r3m2'),
      method: 'cash',
      given: 2000,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({
      status: 'paid',
      channel: 'box_office',
      payment_method: 'cash',
      total: 1050,
      given: 2000,
      change: 950,
      till: cashier.shift.till,
      shift_id: cashier.shift.id,
      confirmation_url: null,
    });
    expect(sale.body.tickets.map((t) => [t.seat_number, t.status, t.user.fio])).toEqual([
      ['r3m1', 'paid', 'Покупатель в кассе'],
      ['r3m2', 'paid', 'Покупатель в кассе'],
      ['r3m3', 'paid', 'Покупатель в кассе'],
    ]);
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, sale.body.id));
    expect(row).toMatchObject({
      userId: null,
      soldBy: cashier.user.id,
      till: cashier.shift.till,
      cashGivenKopecks: 200_000,
    });

    // Every open map shows the seats sold; the viewer cannot hold one of them, and buys their own seat.
    await watcher.socket.waitForDelta(says('r3m2', 'sold'));
    expect(await request(viewer.socket, 'seats:hold', { sessionId: session.id, seat: 'r3m2' })).toMatchObject({
      ok: false,
      reason: 'taken',
    });
    const online = await buySeats(shop.t, viewer, session, ['r5m5']);
    expect(online.status).toBe('paid');

    // One ticket comes back by its QR code: cash out of the drawer, the seat free on every map.
    const back = await shop.t.call(
      'POST /till/refunds',
      { body: { code: sale.body.tickets[0]!.qr.toLowerCase() } },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ method: 'cash', amount: 350, shift_id: cashier.shift.id });
    expect(back.body.order.lines.find((l) => l.seat_number === 'r3m1')).toMatchObject({
      status: 'refunded',
      refund: { status: 'succeeded' },
    });
    await watcher.socket.waitForDelta(says('r3m1', 'free'));

    const current = await shop.t.call('GET /shifts/current', {}, cashier.token);
    expect(current.body).toMatchObject({ id: cashier.shift.id, status: 'open', expected: 1700, counted: null });

    const closed = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 1700 } },
      cashier.token,
    );
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      float: 1000,
      sales: { cash: { count: 3, amount: 1050 }, card: { count: 0, amount: 0 }, online: { count: 0, amount: 0 } },
      refunds: { cash: { count: 1, amount: 350 }, card: { count: 0, amount: 0 }, provider: { count: 0, amount: 0 } },
      expected: 1700,
      counted: 1700,
      difference: 0,
    });
    // Closed: no more sales on it.
    const after = await sell(cashier.token, { schedule_id: session.id, lines: lines('r7m1'), method: 'card' });
    expect([after.status, after.body.error.code]).toEqual([409, 'no_open_shift']);
  });

  it('sells by card with the terminal’s RRN, and by a payment link that the buyer pays online', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 400 });
    const cashier = await cashierOnShift(0);
    const card = await sell(cashier.token, {
      schedule_id: session.id,
      lines: lines('r1m1'),
      method: 'card',
      rrn: '123456789012',
      contact: 'Guest@Example.com',
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body).toMatchObject({ status: 'paid', payment_method: 'card', rrn: '123456789012', given: null });
    // Money paid at the counter goes back at the counter (out of a drawer, to a shift), not from the orders screen.
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const fromOrders = await shop.t.call(
      'POST /orders/:id/refund',
      { params: { id: card.body.id }, body: { reason: 'Передумал' } },
      manager.token,
    );
    expect([fromOrders.status, fromOrders.body.error?.code]).toEqual([409, 'conflict']);
    expect(await db().select().from(schema.refunds).where(eq(schema.refunds.orderId, card.body.id))).toEqual([]);

    const link = await sell(cashier.token, {
      schedule_id: session.id,
      lines: lines('r2m1', 'r2m2'),
      method: 'link',
      contact: 'walkin@example.com',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body).toMatchObject({ status: 'pending', payment_method: 'online', tickets: [] });
    expect(link.body.confirmation_url).toEqual(expect.any(String));
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, link.body.id));
    expect(row).toMatchObject({ email: 'walkin@example.com', channel: 'box_office', soldBy: cashier.user.id });
    await payOrder(shop.t.ctx, link.body.id);

    // The link's ticket goes back through the provider; the card's back to the card.
    const [paidLine] = await db().select().from(schema.tickets).where(eq(schema.tickets.orderId, link.body.id));
    expect(paidLine!.status).toBe('paid');
    const online = await shop.t.call('POST /till/refunds', { body: { ticket_id: paidLine!.id } }, cashier.token);
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    expect(online.body).toMatchObject({ method: 'provider', amount: 400 });
    const byCard = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: card.body.lines[0]!.ticket_id } },
      cashier.token,
    );
    expect(byCard.body).toMatchObject({ method: 'card', amount: 400 });

    const report = await shop.t.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, cashier.token);
    expect(report.body).toMatchObject({
      sales: { card: { count: 1, amount: 400 }, online: { count: 2, amount: 800 } },
      refunds: { card: { count: 1, amount: 400 }, provider: { count: 1, amount: 400 } },
      expected: 0,
    });
  });

  it('refuses a sale without an open shift, and cash short of the total, writing nothing and freeing the seats', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 350 });
    const noShift = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const none = await sell(noShift.token, { schedule_id: session.id, lines: lines('r1m1'), method: 'cash' });
    expect([none.status, none.body.error.code]).toEqual([409, 'no_open_shift']);

    const cashier = await cashierOnShift(500);
    const short = await sell(cashier.token, {
      schedule_id: session.id,
      lines: lines('r1m1', 'r1m2'),
      method: 'cash',
      given: 500,
    });
    expect([short.status, short.body.error.code]).toEqual([400, 'invalid_input']);
    expect(short.body.error.details).toMatchObject({ fields: { given: 'Получено меньше суммы заказа: 700 ₽' } });

    const bad = [
      { schedule_id: session.id, lines: lines('r1m1') },
      { schedule_id: session.id, lines: lines('r1m1'), method: 'card', given: 100 },
      { schedule_id: session.id, lines: lines('r1m1'), method: 'link' },
      { schedule_id: session.id, lines: lines('r1m1'), method: 'card', rrn: '12' },
      { schedule_id: session.id, lines: [], method: 'cash' },
    ];
    for (const body of bad) {
      const res = await sell(cashier.token, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'invalid_input']);
    }
    const started = await buildSession(db(), { startsInMinutes: -5 });
    const late = await sell(cashier.token, { schedule_id: started.id, lines: lines('r1m1'), method: 'cash' });
    expect([late.status, late.body.error.code]).toEqual([409, 'session_started']);

    expect(await ordersOf(shop.t.ctx, session.id)).toEqual([]);
    expect(await heldSeats(session.id)).toEqual([]);
    const report = await shop.t.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, cashier.token);
    expect(report.body).toMatchObject({ expected: 500, sales: { cash: { count: 0 } } });
  });

  it('refunds after the session has started only for the admin, with a reason', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 350 });
    const cashier = await cashierOnShift(0);
    const sale = await sell(cashier.token, { schedule_id: session.id, lines: lines('r4m1'), method: 'cash' });
    expect(sale.body).toMatchObject({ given: 350, change: 0 });
    const ticketId = sale.body.lines[0]!.ticket_id;
    await db()
      .update(schema.sessions)
      .set({ startTime: new Date(Date.now() - 10 * 60_000) })
      .where(eq(schema.sessions.id, session.id));

    const refund = (token: string, body: object) => shop.t.call('POST /till/refunds', { body }, token);
    const byCashier = await refund(cashier.token, { ticket_id: ticketId, reason: 'Опоздал на сеанс' });
    expect([byCashier.status, byCashier.body.error.code]).toEqual([409, 'refund_closed']);
    const admin = await cashierOnShift(500, 'admin');
    const noReason = await refund(admin.token, { ticket_id: ticketId });
    expect([noReason.status, noReason.body.error.details]).toEqual([400, { fields: { reason: expect.any(String) } }]);
    expect(await db().select().from(schema.refunds).where(eq(schema.refunds.ticketId, ticketId))).toEqual([]);

    const done = await refund(admin.token, { ticket_id: ticketId, reason: 'Сбой проектора' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ method: 'cash', shift_id: admin.shift.id });
    const again = await refund(admin.token, { ticket_id: ticketId, reason: 'Сбой проектора' });
    expect([again.status, again.body.error.code]).toEqual([409, 'ticket_refunded']);
    // The cash left the admin's drawer, not the seller's.
    const adminShift = await shop.t.call('GET /shifts/:id', { params: { id: admin.shift.id } }, admin.token);
    expect(adminShift.body).toMatchObject({ refunds: { cash: { count: 1, amount: 350 } }, expected: 150 });
  });

  it('prints an order’s live tickets for the 80 mm thermal printer and on A4, one a page, with their codes', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 350 });
    const cashier = await cashierOnShift(0);
    const sale = await sell(cashier.token, { schedule_id: session.id, lines: lines('r6m1', 'r6m2'), method: 'cash' });
    const print = (format: string, id = sale.body.id) =>
      shop.t.fetch(`/api/till/orders/${id}/tickets?format=${format}`, { token: cashier.token });
    const pdf = async (format: string) => {
      const res = await print(format);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      return Buffer.from(await res.arrayBuffer());
    };
    // Every call first, then the (slow) reading of the PDFs: no connection idles between calls.
    const thermal = await pdf('80mm');
    const a4 = await pdf('a4');
    // A refunded ticket is not printed; an order of the website is not the till's.
    await shop.t.call('POST /till/refunds', { body: { ticket_id: sale.body.lines[0]!.ticket_id } }, cashier.token);
    const rest = await pdf('80mm');
    const viewer = await shop.buyer();
    const online = await buySeats(shop.t, viewer, session, ['r8m1']);
    expect((await print('a4', online.id)).status).toBe(404);
    expect((await print('a5')).status).toBe(400);

    for (const [bytes, width] of [
      [thermal, 226],
      [a4, 595],
    ] as const) {
      const text = await pdfText(bytes);
      expect(text).toContain('Ряд 6, место 1');
      expect(text).toContain('Ряд 6, место 2');
      expect(text).toContain('Покупатель в кассе');
      expect(checkInCodes(await pdfAllQrCodes(bytes, 2))).toEqual(sale.body.tickets.map((t) => t.qr));
      // The page's width, in points, as the PDF declares it.
      expect(bytes.toString('latin1')).toMatch(new RegExp(`/MediaBox \\[0 0 ${width}(\\.\\d+)?`));
    }
    expect(checkInCodes(await pdfAllQrCodes(rest, 2))).toEqual([sale.body.tickets[1]!.qr]);
    // Five pages rendered to pixels (A4 at 3×), each read for two QR codes: slow on a busy machine.
  }, 60_000);

  it('keeps one open shift per cashier and per till; cashiers see their own shifts, managers all', async () => {
    const cashier = await cashierOnShift(100);
    const twice = await shop.t.call('POST /shifts/open', { body: { float: 0, till: 'Другая' } }, cashier.token);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'shift_open']);
    const other = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const busy = await shop.t.call('POST /shifts/open', { body: { float: 0, till: cashier.shift.till } }, other.token);
    expect([busy.status, busy.body.error.code]).toEqual([409, 'shift_open']);
    const negative = await shop.t.call('POST /shifts/open', { body: { float: -1 } }, other.token);
    expect(negative.status).toBe(400);
    expect(await shop.t.call('GET /shifts/current', {}, other.token)).toMatchObject({ status: 404 });

    const foreign = await shop.t.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, other.token);
    expect(foreign.status).toBe(404);
    const closeForeign = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 0 } },
      other.token,
    );
    expect(closeForeign.status).toBe(404);
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const read = await shop.t.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, manager.token);
    expect(read.body).toMatchObject({ cashier: { id: cashier.user.id }, float: 100 });
    const closed = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 90 } },
      manager.token,
    );
    expect(closed.body).toMatchObject({ expected: 100, counted: 90, difference: -10 });
    const again = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 90 } },
      manager.token,
    );
    expect([again.status, again.body.error.code]).toEqual([409, 'shift_closed']);
    // The till is free again, under the default name too.
    const reopened = await shop.t.call('POST /shifts/open', { body: { float: 0 } }, other.token);
    expect(reopened.body).toMatchObject({ till: 'Касса 1', status: 'open' });
  });
});
