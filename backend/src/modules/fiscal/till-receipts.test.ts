/**
 * The till through the cash register, against real PGlite/PostgreSQL, Redis and the ATOL web-server
 * emulator on loopback: a shift is the register's shift, every counter sale is a `sell` and every counter
 * refund a `sellReturn` with the right positions and sums, the shift report and the Z-report agree, and
 * every fault of the register (paper out, offline, an expired shift, a lost answer) leaves no sale without
 * its receipt and no receipt without its sale — or, for a receipt printed after the sale was refused, lists it
 * (the follow-up, follow-up.ts) for the receipt that undoes it.
 */
import { startWorkers } from '@kino/workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { ManualClock } from '../../lib/infra/clock';
import { SeatStore } from '../seats';
import { expireOrder } from '../orders/expire-order';
import type { FiscalCorrection } from '../../contract/fiscal';
import { followUnansweredOperations, STRAY_RETURN, STRAY_SALE } from './follow-up';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { providerPaymentOf, useShop } from '../../testing/orders';
import { pdfAllQrCodes, pdfText } from '../../testing/pdf';
import { until } from '../../testing/wait';

type Shop = ReturnType<typeof useShop>;
let tills = 0;

function tillHelpers(shop: Shop) {
  const t = () => shop.t;
  return {
    async cashierOnShift(float = 1000, fio = 'Ирина Кассир', role: 'cashier' | 'manager' = 'cashier') {
      const cashier = await buildSignedInUser(t().ctx, { role, fio });
      const open = await t().call('POST /shifts/open', { body: { float, till: `Касса ${++tills}` } }, cashier.token);
      expect(open.status, JSON.stringify(open.body)).toBe(201);
      return { ...cashier, shift: open.body };
    },
    sell: (token: string, body: unknown) => t().call('POST /till/orders', { body }, token),
    lines: (...seats: string[]) => seats.map((seat_number) => ({ seat_number })),
    journal: () => t().ctx.atol.control.journal,
    sells: () => t().ctx.atol.control.journal.filter((j) => j.task.type === 'sell' && j.status === 'ready'),
    ordersOf: (sessionId: number) =>
      t().ctx.db.select().from(schema.orders).where(eq(schema.orders.sessionId, sessionId)),
    heldFor: async (sessionId: number, cashierId: number) =>
      (await new SeatStore(t().ctx).snapshot(sessionId, cashierId)).mine,
  };
}

describe('the till through the cash register', () => {
  const shop = useShop();
  const h = tillHelpers(shop);

  it('opens the register with the shift, sells with receipts, refunds with a return receipt and closes with a Z-report that agrees', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 350 });
    const cashier = await h.cashierOnShift(1000, 'Петрова Анна');
    const opened = h.journal().find((j) => j.task.type === 'openShift');
    expect(opened).toMatchObject({ status: 'ready', task: { operator: { name: 'Петрова Анна' } } });
    expect(cashier.shift.register).toMatchObject({ receipts: 0, expires_at: expect.any(String) });

    // Two tickets for cash with change: one sell with one position each, the cash handed over, the contact.
    const cash = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r4m2', 'r4m1'),
      method: 'cash',
      given: 1000,
      contact: 'viewer@example.ru',
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(cash.body).toMatchObject({ total: 700, change: 300 });
    const [sold] = h.sells();
    expect(sold!.task).toMatchObject({
      operator: { name: 'Петрова Анна' },
      taxationType: expect.any(String),
      clientInfo: { emailOrPhone: 'viewer@example.ru' },
      payments: [{ type: 'cash', sum: 1000 }],
      total: 700,
    });
    const items = sold!.task.items as { name: string; price: number; paymentObject: string; tax: { type: string } }[];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ price: 350, paymentObject: 'service', tax: { type: 'none' } });
    expect(items.map((i) => i.name)).toEqual([
      expect.stringMatching(/^Билет: Фильм .+, \d\d\.\d\d\.\d{4} \d\d:\d\d, Кинотеатр .+ Зал .+, ряд 4 место 1, 12\+$/),
      expect.stringMatching(/ряд 4 место 2, 12\+$/),
    ]);
    const params = (sold!.result as { fiscalParams: Record<string, unknown> }).fiscalParams;
    expect(cash.body.fiscal).toEqual({
      document_number: params.fiscalDocumentNumber,
      fiscal_sign: params.fiscalDocumentSign,
      fn_number: params.fnNumber,
      registration_number: params.registrationNumber,
      shift_number: params.shiftNumber,
      receipt_number: 1,
      datetime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(shop.t.ctx.atol.control.ofdOutbox.at(-1)).toMatchObject({ emailOrPhone: 'viewer@example.ru', total: 700 });

    // One by card: electronically, no change.
    const card = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r6m6'), method: 'card' });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(h.sells().at(-1)!.task).toMatchObject({ payments: [{ type: 'electronically', sum: 350 }], total: 350 });
    expect(card.body.fiscal).toMatchObject({ receipt_number: 2 });

    // An X-report on demand: the shift's receipts so far, the shift left open.
    const x = await shop.t.call('POST /fiscal/report-x', {}, cashier.token);
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    expect(x.body).toMatchObject({ shift_number: params.shiftNumber, receipts: 2 });
    expect(shop.t.ctx.atol.control.shiftStatus().state).toBe('opened');

    // One cash ticket comes back: a sellReturn of its position, in cash.
    const back = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: cash.body.tickets[0]!.id } },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const returned = h.journal().filter((j) => j.task.type === 'sellReturn');
    expect(returned).toHaveLength(1);
    expect(returned[0]).toMatchObject({
      status: 'ready',
      task: { payments: [{ type: 'cash', sum: 350 }], total: 350, items: [{ price: 350, quantity: 1 }] },
    });

    const report = await shop.t.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, cashier.token);
    expect(report.body.register).toMatchObject({
      shift_number: params.shiftNumber,
      receipts: 3,
      totals: { sell: { cash: 700, electronically: 350 }, sell_return: { cash: 350, electronically: 0 } },
      z_report: null,
    });

    const closed = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 1350 } },
      cashier.token,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(h.journal().at(-1)).toMatchObject({ task: { type: 'closeShift' }, status: 'ready' });
    // Kino's figures and the Z-report's agree.
    expect(closed.body).toMatchObject({
      sales: { cash: { amount: 700 }, card: { amount: 350 } },
      refunds: { cash: { amount: 350 } },
      expected: 1350,
    });
    expect(closed.body.register).toMatchObject({
      expires_at: null,
      receipts: 3,
      z_report: {
        receipts: 3,
        totals: { sell: { cash: 700, electronically: 350 }, sell_return: { cash: 350, electronically: 0 } },
      },
    });
    expect(shop.t.ctx.atol.control.shiftStatus().state).toBe('closed');
    // The report's PDF prints the Z-report beside Kino's figures.
    const pdf = await shop.t.fetch(`/api/shifts/${cashier.shift.id}/pdf`, { token: cashier.token });
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(`Касса (ККТ): смена №${params.shiftNumber}`);
    expect(text).toMatch(/Z-отчёт \(ФД №\d+\): чеков 3/);
  });

  it('paper out mid-sale: no sale, no receipt, the seats stay held for the cashier; with paper the same sale goes through', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const before = h.sells().length;
    shop.t.ctx.atol.control.setFaults({ paperOut: true });
    const refused = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r2m1', 'r2m2'),
      method: 'cash',
    });
    shop.t.ctx.atol.control.setFaults({ paperOut: false });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'register_refused']);
    expect(refused.body.error.message).toMatch(/бумага/);
    expect(refused.body.error.details).toEqual({ code: 44 });
    expect(await h.ordersOf(session.id)).toEqual([]);
    expect(h.sells()).toHaveLength(before);
    expect((await h.heldFor(session.id, cashier.user.id)).toSorted()).toEqual(['r2m1', 'r2m2']);

    const again = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r2m1', 'r2m2'),
      method: 'cash',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(h.sells()).toHaveLength(before + 1);
    expect(await h.ordersOf(session.id)).toHaveLength(1);
  });

  it('an offline register: no sale, a message to check the register', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    shop.t.ctx.atol.control.setFaults({ offline: true });
    const refused = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r1m1'), method: 'card' });
    shop.t.ctx.atol.control.setFaults({ offline: false });
    expect([refused.status, refused.body.error.code, refused.body.error.details]).toEqual([
      409,
      'register_refused',
      { code: 2 },
    ]);
    expect(refused.body.error.message).toMatch(/не на связи/);
    expect(await h.ordersOf(session.id)).toEqual([]);
  });

  it('a lost answer is read back by its uuid: one receipt, one sale', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const before = h.sells().length;
    shop.t.ctx.atol.control.loseAnswers(1);
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r8m8'), method: 'cash' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(h.sells()).toHaveLength(before + 1);
    expect(sale.body.fiscal?.document_number).toBe(
      (h.sells().at(-1)!.result as { fiscalParams: { fiscalDocumentNumber: number } }).fiscalParams
        .fiscalDocumentNumber,
    );
  });

  it('refuses a cash refund larger than the cash in the drawer, before the register is asked', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const seller = await h.cashierOnShift(0);
    const sale = await h.sell(seller.token, { schedule_id: session.id, lines: h.lines('r9m1'), method: 'cash' });
    expect(sale.status).toBe(201);
    const empty = await h.cashierOnShift(0, 'Сидоров Пётр');
    const returns = h.journal().filter((j) => j.task.type === 'sellReturn').length;
    const refused = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: sale.body.tickets[0]!.id } },
      empty.token,
    );
    expect([refused.status, refused.body.error.code]).toEqual([409, 'drawer_short']);
    expect(refused.body.error.message).toMatch(/не хватает наличных/);
    expect(h.journal().filter((j) => j.task.type === 'sellReturn')).toHaveLength(returns);
  });
});

describe('sales taken without a receipt', () => {
  const shop = useShop();
  const h = tillHelpers(shop);

  it('on a manager’s override are queued for a correction receipt, listed until it is issued', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const atol = shop.t.ctx.atol.control;
    atol.setFaults({ offline: true });
    const body = {
      schedule_id: session.id,
      lines: h.lines('r3m3'),
      method: 'cash',
      no_receipt_reason: 'ККТ сломалась',
    };
    // Only a manager (or the admin) may sell without a receipt.
    const byCashier = await h.sell(cashier.token, body);
    expect([byCashier.status, byCashier.body.error.code]).toEqual([403, 'forbidden']);
    const sale = await h.sell(manager.token, body);
    atol.setFaults({ offline: false });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ status: 'paid', fiscal: null, receipt_pending: true });
    expect(h.sells()).toEqual([]);

    expect((await shop.t.call('GET /fiscal/corrections', {}, cashier.token)).status).toBe(403);
    const listed = await shop.t.call('GET /fiscal/corrections', {}, manager.token);
    expect(listed.body).toEqual([
      expect.objectContaining({
        order_id: sale.body.id,
        total: 300,
        reason: 'ККТ сломалась',
        requested_by: { id: manager.user.id, fio: 'Менеджер Олег' },
        fiscal: null,
      }),
    ]);

    const issued = await shop.t.call(
      'POST /fiscal/corrections/:id/issue',
      { params: { id: listed.body[0]!.id } },
      manager.token,
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.fiscal).toMatchObject({ document_number: expect.any(Number) });
    const correction = atol.journal.filter((j) => j.task.type === 'sellCorrection');
    expect(correction).toHaveLength(1);
    expect(correction[0]).toMatchObject({
      status: 'ready',
      task: { correctionType: 'self', total: 300, payments: [{ type: 'cash', sum: 300 }] },
    });
    expect((await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body).toEqual([]);
    const again = await shop.t.call(
      'POST /fiscal/corrections/:id/issue',
      { params: { id: listed.body[0]!.id } },
      manager.token,
    );
    expect(again.status).toBe(409);
  });
});

describe('the register shift turns 24 hours old', () => {
  const clock = new ManualClock();
  const shop = useShop({ clock });
  const h = tillHelpers(shop);

  it('blocks sales with a clear message until the shift is closed and a new one opened', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 3 * 24 * 60, price: 300 });
    const cashier = await h.cashierOnShift();
    clock.advance(24 * 3600_000);
    const refused = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r1m1'), method: 'cash' });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'register_refused']);
    expect(refused.body.error.message).toMatch(/больше 24 часов: закройте смену/);
    expect(h.sells()).toEqual([]);
    expect(await h.ordersOf(session.id)).toEqual([]);

    const closed = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 1000 } },
      cashier.token,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const next = await shop.t.call('POST /shifts/open', { body: { float: 1000 } }, cashier.token);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r1m1'), method: 'cash' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.fiscal?.shift_number).toBe(closed.body.register!.shift_number + 1);
  });
});

/** The buyer scans the till's QR and pays in the bank app: resolves once our API answered the notification. */
async function payQr(shop: Shop, orderId: number) {
  const paymentId = await providerPaymentOf(shop.t.ctx, orderId);
  shop.t.ctx.emulator.control.succeed(paymentId);
  const delivery = await shop.t.ctx.emulator.control.delivery(
    (d) => d.objectId === paymentId && d.event === 'payment.succeeded' && d.status !== null,
  );
  expect(delivery.status).toBe(200);
  return paymentId;
}

describe('SBP at the counter', () => {
  const shop = useShop();
  const h = tillHelpers(shop);
  const till = (token: string, id: number) => shop.t.call('GET /till/orders/:id', { params: { id } }, token);

  it('shows the provider’s QR, pending; once paid the register prints the sell electronically to the phone given', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 400 });
    const cashier = await h.cashierOnShift();
    const sale = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r5m5', 'r5m6'),
      method: 'sbp',
      contact: '8 (900) 123-45-67',
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({
      status: 'pending',
      payment_method: 'sbp',
      total: 800,
      fiscal: null,
      tickets: [],
    });
    const created = shop.t.ctx.emulator.control.requests.find(
      (r) => r.method === 'POST' && r.path === '/v3/payments' && r.status === 200,
    );
    expect(created!.body).toMatchObject({
      amount: { value: '800.00' },
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'qr' },
    });
    expect(created!.body).not.toHaveProperty('receipt');
    const provider = shop.t.ctx.emulator.control.payment(await providerPaymentOf(shop.t.ctx, sale.body.id));
    expect(sale.body.qr).toBe((provider!.confirmation as { confirmation_data: string }).confirmation_data);
    // Nothing is fiscalised until the money is in.
    expect(h.sells()).toEqual([]);

    await payQr(shop, sale.body.id);
    const paid = await till(cashier.token, sale.body.id);
    expect(paid.body).toMatchObject({ status: 'paid', qr: null, receipt_pending: false });
    expect(paid.body.tickets).toHaveLength(2);
    const [sold] = h.sells();
    expect(sold!.task).toMatchObject({
      operator: { name: 'Ирина Кассир' },
      clientInfo: { emailOrPhone: '+79001234567' },
      payments: [{ type: 'electronically', sum: 800 }],
      total: 800,
    });
    expect(paid.body.fiscal).toMatchObject({
      document_number: (sold!.result as { fiscalParams: { fiscalDocumentNumber: number } }).fiscalParams
        .fiscalDocumentNumber,
    });
    const [row] = await h.ordersOf(session.id);
    expect(row).toMatchObject({ phone: '+79001234567', email: null, paymentMethod: 'sbp' });

    // A repeated notification prints nothing more.
    await shop.t.ctx.emulator.control.notify('payment.succeeded', await providerPaymentOf(shop.t.ctx, sale.body.id));
    expect(h.sells()).toHaveLength(1);

    // Refunded at the counter: back through the provider, and a sellReturn electronically.
    const back = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: paid.body.tickets[0]!.id } },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ method: 'provider', amount: 400 });
    expect(shop.t.ctx.emulator.control.refunds().at(-1)).toMatchObject({
      status: 'succeeded',
      amount: { value: '400.00' },
    });
    const refundCall = shop.t.ctx.emulator.control.requests.findLast((r) => r.path === '/v3/refunds');
    expect(refundCall!.body).not.toHaveProperty('receipt');
    expect(h.journal().filter((j) => j.task.type === 'sellReturn')).toEqual([
      expect.objectContaining({
        status: 'ready',
        task: expect.objectContaining({ payments: [{ type: 'electronically', sum: 400 }], total: 400 }),
      }),
    ]);
  });

  it('a QR cancelled by the bank: nothing is fiscalised, the seats return to the cashier (not to everyone) to take another way', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const before = h.sells().length;
    const sale = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r7m1', 'r7m2'),
      method: 'sbp',
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const paymentId = await providerPaymentOf(shop.t.ctx, sale.body.id);
    shop.t.ctx.emulator.control.decline(paymentId, 'expired_on_confirmation');
    await shop.t.ctx.emulator.control.delivery((d) => d.objectId === paymentId && d.status !== null);
    const gone = await till(cashier.token, sale.body.id);
    expect(gone.body).toMatchObject({ status: 'cancelled', qr: null, fiscal: null });
    expect(h.sells()).toHaveLength(before);
    expect((await h.heldFor(session.id, cashier.user.id)).toSorted()).toEqual(['r7m1', 'r7m2']);
    // Nobody else can take them meanwhile.
    const viewer = await buildSignedInUser(shop.t.ctx);
    expect((await new SeatStore(shop.t.ctx).hold(session.id, viewer.user.id, 'r7m1')).status).toBe('taken');
    const again = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r7m1', 'r7m2'),
      method: 'cash',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('a QR that expired unpaid: the order expires and its seats return to the cashier', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r7m5'), method: 'sbp' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const [order] = await h.ordersOf(session.id);
    const expired = await expireOrder(shop.t.ctx, order!.id, new Date(order!.expiresAt.getTime() + 1));
    expect(expired).toBe('expired');
    expect((await till(cashier.token, sale.body.id)).body).toMatchObject({ status: 'expired', fiscal: null });
    expect(await h.heldFor(session.id, cashier.user.id)).toEqual(['r7m5']);
  });

  it('paid while the register is out of paper: the sale stands, queued for a correction receipt', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r8m1'), method: 'sbp' });
    shop.t.ctx.atol.control.setFaults({ paperOut: true });
    await payQr(shop, sale.body.id);
    shop.t.ctx.atol.control.setFaults({ paperOut: false });
    const paid = await till(cashier.token, sale.body.id);
    expect(paid.body).toMatchObject({ status: 'paid', fiscal: null, receipt_pending: true });
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const queued = await shop.t.call('GET /fiscal/corrections', {}, manager.token);
    expect(queued.body.find((c) => c.order_id === sale.body.id)?.reason).toMatch(/СБП/);
  });

  it('a refund whose return receipt the register refuses: the money is back, a return correction is listed until issued', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 400 });
    const cashier = await h.cashierOnShift();
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const sale = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r3m1', 'r3m2'),
      method: 'sbp',
    });
    await payQr(shop, sale.body.id);
    const paid = await till(cashier.token, sale.body.id);
    expect(paid.body).toMatchObject({ status: 'paid', receipt_pending: false });

    const atol = shop.t.ctx.atol.control;
    const before = atol.journal.length;
    atol.setFaults({ paperOut: true });
    const back = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: paid.body.tickets[0]!.id } },
      cashier.token,
    );
    atol.setFaults({ paperOut: false });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(shop.t.ctx.emulator.control.refunds().at(-1)).toMatchObject({ status: 'succeeded' });
    expect(atol.journal.slice(before).map((j) => [j.task.type, j.status])).toEqual([['sellReturn', 'error']]);
    const listed = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body.filter(
      (c) => c.order_id === sale.body.id,
    );
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'return', total: 400, reason: expect.stringMatching(/возврата.*бумага/s) }),
    ]);
    // The sale's own receipt stands: the till does not show the order waiting for one.
    expect((await till(cashier.token, sale.body.id)).body.receipt_pending).toBe(false);

    const managerOnShift = await h.cashierOnShift(1000, 'Менеджер Ольга', 'manager');
    const issued = await shop.t.call(
      'POST /fiscal/corrections/:id/issue',
      { params: { id: listed[0]!.id } },
      managerOnShift.token,
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(atol.journal.slice(before).filter((j) => j.task.type === 'sellReturnCorrection')).toEqual([
      expect.objectContaining({
        status: 'ready',
        task: expect.objectContaining({
          correctionType: 'self',
          total: 400,
          payments: [{ type: 'electronically', sum: 400 }],
        }),
      }),
    ]);
    const left = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body;
    expect(left.filter((c) => c.order_id === sale.body.id)).toEqual([]);
  });

  it('takes a phone or an e-mail as the contact, and a link only with an e-mail', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const bad = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r9m9'),
      method: 'cash',
      contact: '12345',
    });
    expect([bad.status, bad.body.error.details]).toEqual([
      400,
      { fields: { contact: expect.stringMatching(/телефон/) } },
    ]);
    const link = await h.sell(cashier.token, {
      schedule_id: session.id,
      lines: h.lines('r9m9'),
      method: 'link',
      contact: '+7 900 000-00-00',
    });
    expect([link.status, link.body.error.details]).toEqual([
      400,
      { fields: { contact: expect.stringMatching(/почту/) } },
    ]);
  });
});

describe('SBP paid while the register does not answer', () => {
  // The register's answer is waited for 0.3 s here (ATOL_TIMEOUT_SECONDS), not 30.
  const shop = useShop({ env: { ATOL_TIMEOUT_SECONDS: '0.3' } });
  const h = tillHelpers(shop);

  it('is not printed twice: the same uuid is read back once the register answers, and no correction is printed', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r2m2'), method: 'sbp' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const atol = shop.t.ctx.atol.control;
    atol.silence(true);
    await payQr(shop, sale.body.id);
    atol.silence(false);
    // The register printed it, but never said so: the sale waits, listed, with its outcome to be read back.
    expect(h.sells()).toHaveLength(1);
    const listed = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body;
    expect(listed).toEqual([expect.objectContaining({ order_id: sale.body.id, kind: 'sale', fiscal: null })]);

    const issued = await shop.t.call(
      'POST /fiscal/corrections/:id/issue',
      { params: { id: listed[0]!.id } },
      manager.token,
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    // Settled by the receipt the register did print: no correction receipt, no second sell.
    const printed = h.sells()[0]!.result as { fiscalParams: { fiscalDocumentNumber: number } };
    expect(issued.body.fiscal).toMatchObject({ document_number: printed.fiscalParams.fiscalDocumentNumber });
    expect(h.journal().filter((j) => j.task.type === 'sellCorrection')).toEqual([]);
    expect(h.sells()).toHaveLength(1);
    const shown = await shop.t.call('GET /till/orders/:id', { params: { id: sale.body.id } }, cashier.token);
    expect(shown.body).toMatchObject({
      receipt_pending: false,
      fiscal: { document_number: printed.fiscalParams.fiscalDocumentNumber },
    });
  });
});

describe('the follow-up of a cash sale the register did not answer', () => {
  // The register's answer is waited for 0.3 s here (ATOL_TIMEOUT_SECONDS), not 30; the follow-up's "older than
  // that" is by the injected clock.
  const clock = new ManualClock();
  const shop = useShop({ clock, env: { ATOL_TIMEOUT_SECONDS: '0.3' } });
  const h = tillHelpers(shop);
  const operation = async (id: string) =>
    (await shop.t.ctx.db.select().from(schema.fiscalOperations).where(eq(schema.fiscalOperations.id, id)))[0]!;
  const tasksOf = (uuid: string) => h.journal().filter((j) => j.uuid === uuid);
  const lastSent = async () =>
    (await shop.t.ctx.db.select().from(schema.fiscalOperations).where(eq(schema.fiscalOperations.status, 'sent')))
      .toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .at(-1)!;

  it('refused to the cashier, found printed by the follow-up and listed for a return receipt; never posted twice', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift(1000, 'Ирина Кассир');
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const atol = shop.t.ctx.atol.control;
    atol.silence(true);
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r3m3'), method: 'cash' });
    atol.silence(false);
    expect(sale.status, JSON.stringify(sale.body)).toBe(503);
    expect(sale.body.error.code).toBe('register_unavailable');
    expect(await h.ordersOf(session.id)).toEqual([]);
    const lost = await lastSent();
    expect(lost).toMatchObject({ kind: 'sell', orderId: null, status: 'sent' });
    // The register did print it.
    await atol.idle();
    expect(tasksOf(lost.id)).toEqual([expect.objectContaining({ status: 'ready' })]);

    // Not yet ATOL_TIMEOUT_SECONDS old by the clock: not followed.
    expect(await followUnansweredOperations(shop.t.ctx)).toEqual({ ready: [], error: [], unknown: [], stray: [] });
    clock.advance(1000);
    expect(await followUnansweredOperations(shop.t.ctx)).toEqual({
      ready: [lost.id],
      error: [],
      unknown: [],
      stray: [lost.id],
    });
    expect(await operation(lost.id)).toMatchObject({ status: 'ready' });
    const listed = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body;
    expect(listed).toEqual([
      expect.objectContaining({
        order_id: null,
        kind: 'return',
        total: 300,
        reason: STRAY_SALE,
        requested_by: expect.objectContaining({ fio: 'Ирина Кассир' }),
        fiscal: null,
      }),
    ]);
    // Followed again: nothing due, nothing listed twice, the task posted once.
    expect((await followUnansweredOperations(shop.t.ctx)).ready).toEqual([]);
    expect((await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body).toHaveLength(1);
    expect(tasksOf(lost.id)).toHaveLength(1);

    // Staff issue the receipt that undoes it: a return correction of the same positions, and the list is clear.
    const issued = await shop.t.call(
      'POST /fiscal/corrections/:id/issue',
      { params: { id: listed[0]!.id } },
      manager.token,
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const undone = h.journal().filter((j) => j.task.type === 'sellReturnCorrection');
    expect(undone).toEqual([
      expect.objectContaining({ status: 'ready', task: expect.objectContaining({ total: 300 }) }),
    ]);
    expect((await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body).toEqual([]);
    expect(tasksOf(lost.id)).toHaveLength(1);
  });

  it('a counter refund refused to the cashier whose return receipt was printed after all is listed for a correction', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 200 });
    const cashier = await h.cashierOnShift();
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const sold = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r6m6'), method: 'cash' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const atol = shop.t.ctx.atol.control;
    atol.silence(true);
    const refund = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: sold.body.tickets[0]!.id } },
      cashier.token,
    );
    await atol.idle();
    atol.silence(false);
    expect(refund.status, JSON.stringify(refund.body)).toBe(503);
    const lost = await lastSent();
    expect(lost).toMatchObject({ kind: 'sellReturn', orderId: sold.body.id, refundId: null });
    clock.advance(1000);
    expect((await followUnansweredOperations(shop.t.ctx)).stray).toEqual([lost.id]);
    const listed = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body as FiscalCorrection[];
    const stray = listed.find((c) => c.reason === STRAY_RETURN)!;
    expect(stray).toMatchObject({ order_id: sold.body.id, kind: 'sale', total: 200, fiscal: null });
    // The sale itself waits for nothing: its receipt stands.
    const shown = await shop.t.call('GET /till/orders/:id', { params: { id: sold.body.id } }, cashier.token);
    expect(shown.body).toMatchObject({ receipt_pending: false });
    const issued = await shop.t.call('POST /fiscal/corrections/:id/issue', { params: { id: stray.id } }, manager.token);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(h.journal().filter((j) => j.task.type === 'sellCorrection')).toEqual([
      expect.objectContaining({ status: 'ready', task: expect.objectContaining({ total: 200 }) }),
    ]);
    expect(tasksOf(lost.id)).toHaveLength(1);
  });

  it('a manager’s override sale whose receipt was printed after all: its waiting correction is settled by it', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 150 });
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const atol = shop.t.ctx.atol.control;
    atol.silence(true);
    const sale = await h.sell(manager.token, {
      schedule_id: session.id,
      lines: h.lines('r7m7'),
      method: 'cash',
      no_receipt_reason: 'ККТ не отвечает',
    });
    await atol.idle();
    atol.silence(false);
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ receipt_pending: true });
    const lost = await lastSent();
    expect(lost).toMatchObject({ kind: 'sell', orderId: sale.body.id });
    const waiting = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body as FiscalCorrection[];
    expect(waiting.map((c) => c.order_id)).toContain(sale.body.id);
    clock.advance(1000);
    expect(await followUnansweredOperations(shop.t.ctx)).toEqual({
      ready: [lost.id],
      error: [],
      unknown: [],
      stray: [],
    });
    const after = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body as FiscalCorrection[];
    expect(after.map((c) => c.order_id)).not.toContain(sale.body.id);
    const shown = await shop.t.call('GET /till/orders/:id', { params: { id: sale.body.id } }, manager.token);
    expect(shown.body).toMatchObject({ receipt_pending: false, fiscal: { document_number: expect.any(Number) } });
    expect(h.journal().filter((j) => j.task.type === 'sellCorrection' && j.task.total === 150)).toEqual([]);
    expect(tasksOf(lost.id)).toHaveLength(1);
  });

  it('a lost task the register refused, or never got, is nothing to do and is not posted again', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await h.cashierOnShift();
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const atol = shop.t.ctx.atol.control;
    const listedBefore = (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body;
    // Refused (out of paper), its answer lost.
    atol.silence(true);
    atol.setFaults({ paperOut: true });
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r4m4'), method: 'cash' });
    await atol.idle();
    atol.silence(false);
    atol.setFaults({ paperOut: false });
    expect(sale.status, JSON.stringify(sale.body)).toBe(503);
    const refused = await lastSent();
    // Stored and never posted (the process stopped between the two): the register does not know the uuid.
    const never = crypto.randomUUID();
    await shop.t.ctx.db.insert(schema.fiscalOperations).values({
      id: never,
      kind: 'sell',
      shiftId: cashier.shift.id,
      task: refused.task,
      createdAt: clock.now(),
    });
    clock.advance(1000);
    const followed = await followUnansweredOperations(shop.t.ctx);
    expect(followed).toEqual({ ready: [], error: [refused.id, never], unknown: [], stray: [] });
    expect(await operation(refused.id)).toMatchObject({ status: 'error', errorCode: 44 });
    expect(await operation(never)).toMatchObject({ status: 'error' });
    expect(tasksOf(refused.id)).toEqual([expect.objectContaining({ status: 'error' })]);
    expect(tasksOf(never)).toEqual([]);
    expect((await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body).toEqual(listedBefore);
    expect(await h.ordersOf(session.id)).toEqual([]);
  });

  it('runs in the workers as a repeated job: a lost sale printed after all is listed without anyone asking', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 250 });
    const cashier = await h.cashierOnShift();
    const manager = await h.cashierOnShift(1000, 'Менеджер Олег', 'manager');
    const atol = shop.t.ctx.atol.control;
    atol.silence(true);
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r5m5'), method: 'card' });
    await atol.idle();
    atol.silence(false);
    expect(sale.status, JSON.stringify(sale.body)).toBe(503);
    const lost = await lastSent();
    clock.advance(1000);
    // A workers process runs each repeated job once as it starts (and every minute after).
    const workers = await startWorkers(shop.t.ctx);
    try {
      await until(async () => (await operation(lost.id)).status === 'ready', 10_000, 'the follow-up never ran');
      await until(
        async () =>
          (await shop.t.call('GET /fiscal/corrections', {}, manager.token)).body.some(
            (c: { total: number; reason: string }) => c.total === 250 && c.reason === STRAY_SALE,
          ),
        5_000,
        'the printed receipt was never listed',
      );
    } finally {
      await workers.close();
    }
    expect(tasksOf(lost.id)).toHaveLength(1);
  });
});

describe('the cashier’s INN', () => {
  const shop = useShop();
  const h = tillHelpers(shop);

  it('from the staff profile is the operator’s vatin on openShift and every receipt', async () => {
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier', fio: 'Кассир с ИНН' });
    const badInn = await shop.t.call(
      'PUT /users/:id/inn',
      { params: { id: cashier.user.id }, body: { inn: '500100732250' } },
      admin.token,
    );
    expect([badInn.status, badInn.body.error.details]).toEqual([
      400,
      { fields: { inn: expect.stringMatching(/ИНН/) } },
    ]);
    const set = await shop.t.call(
      'PUT /users/:id/inn',
      { params: { id: cashier.user.id }, body: { inn: '500100732259' } },
      admin.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.inn).toBe('500100732259');
    const open = await shop.t.call('POST /shifts/open', { body: { float: 0, till: 'Касса ИНН' } }, cashier.token);
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    expect(h.journal().find((j) => j.task.type === 'openShift')!.task).toMatchObject({
      operator: { name: 'Кассир с ИНН', vatin: '500100732259' },
    });
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r1m1'), method: 'cash' });
    expect(sale.status).toBe(201);
    expect(h.sells().at(-1)!.task).toMatchObject({ operator: { vatin: '500100732259' } });
  });
});

describe('a cashier’s day with the register (the issue’s "Done when")', () => {
  const shop = useShop();
  const h = tillHelpers(shop);

  it('opens, sells two for cash with change and one by SBP, refunds one, closes: the register’s documents and the Z-report agree with Kino', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 450 });
    const cashier = await h.cashierOnShift(2000, 'Смирнова Ольга');
    const sale = async (body: Record<string, unknown>) => {
      const res = await h.sell(cashier.token, { schedule_id: session.id, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const first = await sale({ lines: h.lines('r3m1'), method: 'cash', given: 500 });
    const second = await sale({ lines: h.lines('r3m2', 'r3m3'), method: 'cash', given: 1000 });
    expect([first.change, second.change]).toEqual([50, 100]);
    const sbp = await sale({ lines: h.lines('r4m4'), method: 'sbp', contact: 'viewer@example.ru' });
    expect(sbp).toMatchObject({ status: 'pending', qr: expect.any(String) });
    await payQr(shop, sbp.id);
    const refunded = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: second.tickets[0]!.id } },
      cashier.token,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const closed = await shop.t.call(
      'POST /shifts/:id/close',
      { params: { id: cashier.shift.id }, body: { counted: 2900 } },
      cashier.token,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    // What the register received, in order, with positions and sums.
    const done = h
      .journal()
      .filter((j) => j.status === 'ready' && !['getShiftStatus', 'getShiftTotals'].includes(j.task.type as string));
    expect(done.map((j) => j.task.type)).toEqual(['openShift', 'sell', 'sell', 'sell', 'sellReturn', 'closeShift']);
    const shape = (task: Record<string, unknown>) => ({
      items: (task.items as { price: number; amount: number }[]).map((i) => [i.price, i.amount]),
      payments: task.payments,
      total: task.total,
    });
    expect(done.slice(1, 5).map((j) => shape(j.task))).toEqual([
      { items: [[450, 450]], payments: [{ type: 'cash', sum: 500 }], total: 450 },
      {
        items: [
          [450, 450],
          [450, 450],
        ],
        payments: [{ type: 'cash', sum: 1000 }],
        total: 900,
      },
      { items: [[450, 450]], payments: [{ type: 'electronically', sum: 450 }], total: 450 },
      { items: [[450, 450]], payments: [{ type: 'cash', sum: 450 }], total: 450 },
    ]);
    expect(done[0]!.task).toMatchObject({ operator: { name: 'Смирнова Ольга' } });

    // Kino's shift report and the register's Z-report agree.
    const report = closed.body;
    expect(report).toMatchObject({
      sales: { cash: { count: 3, amount: 1350 }, card: { count: 0 }, sbp: { count: 1, amount: 450 } },
      refunds: { cash: { count: 1, amount: 450 } },
      expected: 2900,
      difference: 0,
    });
    const z = report.register!.z_report!;
    expect(z).toMatchObject({
      receipts: 4,
      totals: { sell: { cash: 1350, electronically: 450 }, sell_return: { cash: 450, electronically: 0 } },
    });
    expect(z.totals.sell.cash).toBe(report.sales.cash.amount);
    expect(z.totals.sell.electronically).toBe(report.sales.card.amount + report.sales.sbp.amount);
    expect(z.totals.sell_return.cash).toBe(report.refunds.cash.amount);
    expect(report.register).toMatchObject({ receipts: z.receipts, totals: z.totals });
  });
});

describe('the ticket as the cinema’s form', () => {
  const shop = useShop();
  const h = tillHelpers(shop);

  it('prints the organisation, series and number, film and age mark, seat, type, price, payment form and the receipt with its QR', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 350 });
    const cashier = await h.cashierOnShift();
    const sale = await h.sell(cashier.token, { schedule_id: session.id, lines: h.lines('r2m7'), method: 'cash' });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const res = await shop.t.fetch(`/api/till/orders/${sale.body.id}/tickets?format=80mm`, { token: cashier.token });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = await pdfText(bytes);
    const cinema = (await shop.t.call('GET /settings/cinema', {})).body;
    const fiscal = sale.body.fiscal!;
    const ticket = sale.body.tickets[0]!;
    for (const expected of [
      cinema.legal_name,
      `ИНН ${cinema.inn}`,
      cinema.legal_address,
      `Билет №${ticket.id} · серия КБ`,
      sale.body.schedule.movie.title,
      `${sale.body.schedule.movie.age}+`,
      `Зал: ${sale.body.schedule.hall}`,
      'Ряд 2, место 7',
      `${ticket.ticket_type.name}, 350 ₽`,
      'Оплата: наличными',
      `Кассовый чек: №${fiscal.receipt_number}, смена №${fiscal.shift_number}`,
      `ФН: ${fiscal.fn_number}`,
      `ФД: ${fiscal.document_number}`,
      `ФП: ${fiscal.fiscal_sign}`,
      `РН ККТ: ${fiscal.registration_number}`,
    ]) {
      expect(text).toContain(expected);
    }
    const [date, time] = fiscal.datetime.split(' ') as [string, string];
    const receiptQr = `t=${date.replaceAll('-', '')}T${time.slice(0, 2)}${time.slice(3, 5)}&s=350.00&fn=${fiscal.fn_number}&i=${fiscal.document_number}&fp=${fiscal.fiscal_sign}&n=1`;
    expect((await pdfAllQrCodes(bytes, 2))[0]!.toSorted()).toEqual([receiptQr, ticket.qr].toSorted());
  });
});
