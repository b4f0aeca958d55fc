/**
 * Every refusal of the money lifecycles (docs/architecture.md, "Lifecycles"), asked through the API as a
 * viewer, a cashier, a manager or the admin would: each answers a 4xx in the shared error shape
 * (docs/architecture.md, "Errors") with its code, and writes nothing — every table's fingerprint is the
 * same after the call as before it. The rules themselves are tabled in lifecycle.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { ManualClock } from '../../lib/infra/clock';
import { changedTables, databaseFingerprint } from '../../testing/contract-calls';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { buySeats, holdSeats, orderBody, useShop } from '../../testing/orders';
import { until } from '../../testing/wait';

const MINUTE = 60_000;
const clock = new ManualClock();
const shop = useShop({ clock });
const db = () => shop.t.ctx.db;

/** The call's answer is a 4xx refusal with `code` in the shared shape, and the database is as it was. */
async function expectRefusedWritingNothing(
  call: () => Promise<{ status: number; body: unknown }>,
  status: number,
  code: string,
) {
  // Earlier work has settled first: the provider's notifications answered, the after-commit duties done.
  const { control } = shop.t.ctx.emulator;
  await until(
    async () => control.pendingNotifications() === 0 && (await db().$count(schema.outbox)) === 0,
    10_000,
    'the notifications and the outbox did not settle',
  );
  const before = await databaseFingerprint(db());
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(ErrorBodySchema.parse(res.body).error.code).toBe(code);
  expect(changedTables(before, await databaseFingerprint(db()))).toEqual([]);
}

const staff = async (role: 'cashier' | 'manager' | 'admin') => (await buildSignedInUser(shop.t.ctx, { role })).token;

async function openShift(token: string, till: string) {
  const res = await shop.t.call('POST /shifts/open', { body: { float: 1000, till } }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function cashSale(token: string, sessionId: number, seat: string) {
  const res = await shop.t.call(
    'POST /till/orders',
    { body: { schedule_id: sessionId, lines: [{ seat_number: seat }], method: 'cash' } },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { orderId: res.body.id, ticketId: res.body.tickets[0]!.id };
}

const cancelSession = async (sessionId: number) => {
  const res = await shop.t.call(
    'POST /schedules/:id/cancel',
    { params: { id: sessionId }, body: { reason: 'Авария проектора' } },
    await staff('manager'),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('a refusal of the money rules', () => {
  it('canBeSold: an order for a session cancelled while the seat was held → 409 session_cancelled', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const buyer = await shop.buyer();
    await holdSeats(buyer.socket, session.id, ['r1m1']);
    await db().update(schema.sessions).set({ cancelledAt: clock.now() }).where(eq(schema.sessions.id, session.id));
    await expectRefusedWritingNothing(
      () => shop.t.call('POST /tickets/store', { body: orderBody(session, ['r1m1']) }, buyer.token),
      409,
      'session_cancelled',
    );
  });

  it('canBeSold: an order for a session that started while the seat was held → 409 session_started', async () => {
    const session = await buildSession(db(), { startsInMinutes: 2 });
    const buyer = await shop.buyer();
    await holdSeats(buyer.socket, session.id, ['r1m2']);
    clock.set(session.startTime.getTime() + 1000);
    try {
      await expectRefusedWritingNothing(
        () => shop.t.call('POST /tickets/store', { body: orderBody(session, ['r1m2']) }, buyer.token),
        409,
        'session_started',
      );
    } finally {
      clock.set(Date.now());
    }
  });

  it('canBeSold: a sale at the till for a cancelled session → 409 session_cancelled', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const cashier = await staff('cashier');
    await openShift(cashier, 'Касса отказов 1');
    await cancelSession(session.id);
    await expectRefusedWritingNothing(
      () =>
        shop.t.call(
          'POST /till/orders',
          { body: { schedule_id: session.id, lines: [{ seat_number: 'r2m1' }], method: 'cash' } },
          cashier,
        ),
      409,
      'session_cancelled',
    );
  });

  it('refundRefusal, the viewer: past the cut-off → 409 refund_closed; a second refund → 409 ticket_refunded', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const buyer = await shop.buyer();
    const [late, twice] = (await buySeats(shop.t, buyer, session, ['r3m1', 'r3m2'])).tickets.map((t) => t.id);
    const refund = (id: number) => shop.t.call('POST /tickets/:id/refund', { params: { id } }, buyer.token);
    const done = await refund(twice!);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expectRefusedWritingNothing(() => refund(twice!), 409, 'ticket_refunded');
    clock.set(session.startTime.getTime() - 10 * MINUTE);
    try {
      await expectRefusedWritingNothing(() => refund(late!), 409, 'refund_closed');
    } finally {
      clock.set(Date.now());
    }
  });

  it('refundRefusal, the back office: a cash sale goes back at the till → 409 conflict; no refused refund to resolve → 409 order_closed', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const cashier = await staff('cashier');
    await openShift(cashier, 'Касса отказов 2');
    const sale = await cashSale(cashier, session.id, 'r4m1');
    const manager = await staff('manager');
    await expectRefusedWritingNothing(
      () =>
        shop.t.call(
          'POST /orders/:id/refund',
          { params: { id: sale.orderId }, body: { reason: 'Зритель передумал' } },
          manager,
        ),
      409,
      'conflict',
    );
    await expectRefusedWritingNothing(
      () => shop.t.call('POST /orders/:id/returned-by-hand', { params: { id: sale.orderId } }, manager),
      409,
      'order_closed',
    );
  });

  it('refundRefusal, the counter after the start: a cashier → 409 refund_closed; the admin without a reason → 400 invalid_input', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const cashier = await staff('cashier');
    const admin = await staff('admin');
    await openShift(cashier, 'Касса отказов 3');
    await openShift(admin, 'Касса отказов 4');
    const sale = await cashSale(cashier, session.id, 'r5m1');
    const refund = (token: string) => shop.t.call('POST /till/refunds', { body: { ticket_id: sale.ticketId } }, token);
    clock.set(session.startTime.getTime() + 5 * MINUTE);
    try {
      await expectRefusedWritingNothing(() => refund(cashier), 409, 'refund_closed');
      await expectRefusedWritingNothing(() => refund(admin), 400, 'invalid_input');
    } finally {
      clock.set(Date.now());
    }
  });

  it('the order’s own: a buyer giving up a paid order → 409 order_paid', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const buyer = await shop.buyer();
    const paid = await buySeats(shop.t, buyer, session, ['r6m1']);
    await expectRefusedWritingNothing(
      () => shop.t.call('POST /orders/:id/cancel', { params: { id: paid.id } }, buyer.token),
      409,
      'order_paid',
    );
  });

  it('the session’s: a move with a sale → 409 session_has_sales; cancelling a cancelled one → 409 session_cancelled', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600 });
    const buyer = await shop.buyer();
    await buySeats(shop.t, buyer, session, ['r7m1']);
    const manager = await staff('manager');
    const later = new Date(session.startTime.getTime() + 24 * 60 * MINUTE);
    await expectRefusedWritingNothing(
      () =>
        shop.t.call(
          'PUT /schedules/:id',
          { params: { id: session.id }, body: { start_time: toCinemaTime(later).slice(0, 16) } },
          manager,
        ),
      409,
      'session_has_sales',
    );
    const other = await buildSession(db(), { startsInMinutes: 900 });
    await cancelSession(other.id);
    await expectRefusedWritingNothing(
      () =>
        shop.t.call('POST /schedules/:id/cancel', { params: { id: other.id }, body: { reason: 'Ещё раз' } }, manager),
      409,
      'session_cancelled',
    );
  });
});
