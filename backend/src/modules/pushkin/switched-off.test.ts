/**
 * A cinema outside the Pushkin card programme (production without PUSHKA_API_URL: config.pushkin.enabled false,
 * docs/architecture.md "The Pushkin card"): no session is offered the card, a Pushkin payment at the till or online is
 * refused with 409 pushkin_unavailable before anything is written, and the registry's jobs and sweep send nothing.
 * Real parts: the API, PostgreSQL/PGlite, Redis, the Socket.IO seat map, the ATOL and registry emulators.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { holdSeats, orderBody } from '../../testing/orders';
import { socketPool } from '../../testing/seat-client';
import { registerPushkinTicket, sweepStuckPushkinTickets } from '.';
import { pushkinHelpers } from './test-support';

let t: TestApi;
const sockets = socketPool(() => t.url);

beforeAll(async () => {
  t = await startTestApi();
});
afterEach(() => {
  t.ctx.config.pushkin.enabled = true;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const { visitor, pushkinSession, cashierOnShift, sellAtTill, pushkinRow } = pushkinHelpers(() => t);

const UNAVAILABLE = { code: 'pushkin_unavailable', message: 'Пушкинская карта в кинотеатре не принимается' };

/** What a sale writes: its order, its tickets, its payment, the holder's row, the register's receipt. */
async function written() {
  const { db } = t.ctx;
  const n = (rows: { n: number }[]) => rows[0]!.n;
  return {
    orders: n(await db.select({ n: count() }).from(schema.orders)),
    tickets: n(await db.select({ n: count() }).from(schema.tickets)),
    payments: n(await db.select({ n: count() }).from(schema.payments)),
    pushkin: n(await db.select({ n: count() }).from(schema.pushkinTickets)),
    receipts: t.ctx.atol.control.journal.length,
    registry: t.ctx.registryEmulator.control.tickets().length,
  };
}

describe('the Pushkin card switched off', () => {
  it('tells the checkout and the till that no session may be paid with it', async () => {
    const session = await pushkinSession();
    const on = await t.call('GET /seats/:sessionId', { params: { sessionId: session.id } });
    expect([on.status, on.body.pushkin]).toEqual([200, true]);
    t.ctx.config.pushkin.enabled = false;
    const off = await t.call('GET /seats/:sessionId', { params: { sessionId: session.id } });
    expect([off.status, off.body.pushkin]).toEqual([200, false]);
  });

  it('refuses a Pushkin sale at the till with 409 before anything is written', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    t.ctx.config.pushkin.enabled = false;
    const before = await written();
    const sale = await sellAtTill(cashier.token, session.id, 'r4m4');
    expect(sale.status, JSON.stringify(sale.body)).toBe(409);
    expect(sale.body).toEqual({ error: UNAVAILABLE });
    expect(await written()).toEqual(before);
    // The same seat is sold for cash at once: the refusal held nothing.
    const cash = await t.call(
      'POST /till/orders',
      { body: { schedule_id: session.id, lines: [{ seat_number: 'r4m4' }], method: 'cash' } },
      cashier.token,
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
  });

  it('refuses a Pushkin order online with 409 before anything is written', async () => {
    const session = await pushkinSession();
    const buyer = await buildSignedInUser(t.ctx);
    const socket = await sockets.connect(buyer.token);
    await holdSeats(socket, session.id, ['r6m6']);
    t.ctx.config.pushkin.enabled = false;
    const before = await written();
    const res = await t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, ['r6m6']), payment_method: 'pushkin', visitor: visitor() } },
      buyer.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toEqual({ error: UNAVAILABLE });
    expect(await written()).toEqual(before);
    // The buyer still holds the seat and pays it the ordinary way.
    const plain = await t.call('POST /tickets/store', { body: orderBody(session, ['r6m6']) }, buyer.token);
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
  });

  it('leaves a ticket sold while the card was on as it is: its registration and the sweep send nothing', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r8m8');
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const ticketId = sale.body.tickets[0]!.id;
    // Paid long ago: the sweep finds its registration overdue.
    await t.ctx.db
      .update(schema.orders)
      .set({ paidAt: new Date(t.ctx.clock.now().getTime() - 3_600_000) })
      .where(eq(schema.orders.id, sale.body.id));

    t.ctx.config.pushkin.enabled = false;
    expect(await registerPushkinTicket(t.ctx, ticketId)).toBe('skipped');
    expect(await sweepStuckPushkinTickets(t.ctx)).toEqual({ requeued: [], inFlight: 0 });
    expect((await pushkinRow(ticketId))!.status).toBe('registering');
    expect(t.ctx.registryEmulator.control.tickets()).toHaveLength(0);

    // Back on, the sweep sees it (so the no-op above was the switch, not an empty table).
    t.ctx.config.pushkin.enabled = true;
    const swept = await sweepStuckPushkinTickets(t.ctx);
    expect(swept.requeued.length + swept.inFlight).toBe(1);
  });
});
