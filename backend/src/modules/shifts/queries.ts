/** A shift and its figures: sales and refunds counted to it, by method, and the cash the drawer should hold. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, REFUND_METHODS, type PaymentMethod, type RefundMethod } from '../../contract/constants';
import { roublesOf } from '../../contract/money';
import type { ShiftView } from '../../contract/till';
import { toCinemaTime } from '../../contract/time';
import type { Db, Tx } from '../../db';
import { schema } from '../../db';

const { shifts, orders, tickets, refunds, users } = schema;

export type ShiftRow = typeof shifts.$inferSelect;

/** The open shift of a staff member, if any. */
export async function openShiftOf(db: Db | Tx, userId: number): Promise<ShiftRow | undefined> {
  const [shift] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.cashierId, userId), isNull(shifts.closedAt)));
  return shift;
}

interface Totals<M extends string> {
  byMethod: Record<M, { count: number; kopecks: number }>;
}

/** Tickets sold in the shift's orders (refunded later or not: a refund is counted on its own), by method. */
async function salesOf(db: Db | Tx, shiftId: number): Promise<Totals<PaymentMethod>> {
  const rows = await db
    .select({
      method: orders.paymentMethod,
      count: sql<number>`count(*)`.mapWith(Number),
      kopecks: sql<number>`coalesce(sum(${tickets.priceKopecks}), 0)`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(orders.shiftId, shiftId), inArray(tickets.status, ['paid', 'refunded'])))
    .groupBy(orders.paymentMethod);
  const byMethod = Object.fromEntries(
    PAYMENT_METHODS.map((m) => [m, { count: 0, kopecks: 0 }]),
  ) as Totals<PaymentMethod>['byMethod'];
  for (const row of rows) byMethod[row.method] = { count: row.count, kopecks: row.kopecks };
  return { byMethod };
}

/** Refunds settled and counted to the shift, by method. */
async function refundsOf(db: Db | Tx, shiftId: number): Promise<Totals<RefundMethod>> {
  const rows = await db
    .select({
      method: refunds.method,
      count: sql<number>`count(*)`.mapWith(Number),
      kopecks: sql<number>`coalesce(sum(${refunds.amountKopecks}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(and(eq(refunds.shiftId, shiftId), eq(refunds.status, 'succeeded')))
    .groupBy(refunds.method);
  const byMethod = Object.fromEntries(
    REFUND_METHODS.map((m) => [m, { count: 0, kopecks: 0 }]),
  ) as Totals<RefundMethod>['byMethod'];
  for (const row of rows) byMethod[row.method] = { count: row.count, kopecks: row.kopecks };
  return { byMethod };
}

export interface ShiftFigures {
  sales: Totals<PaymentMethod>['byMethod'];
  refunds: Totals<RefundMethod>['byMethod'];
  /** float + cash taken − cash given back, kopecks. */
  expectedKopecks: number;
}

export async function shiftFigures(db: Db | Tx, shift: ShiftRow): Promise<ShiftFigures> {
  const [sales, back] = await Promise.all([salesOf(db, shift.id), refundsOf(db, shift.id)]);
  return {
    sales: sales.byMethod,
    refunds: back.byMethod,
    expectedKopecks: shift.floatKopecks + sales.byMethod.cash.kopecks - back.byMethod.cash.kopecks,
  };
}

const inRoubles = <M extends string>(totals: Record<M, { count: number; kopecks: number }>) =>
  Object.fromEntries(
    Object.entries<{ count: number; kopecks: number }>(totals).map(([m, t]) => [
      m,
      { count: t.count, amount: roublesOf(t.kopecks) },
    ]),
  ) as Record<M, { count: number; amount: number }>;

/** The shift's report (expected as fixed at closing once closed). */
export async function presentShift(db: Db | Tx, shift: ShiftRow): Promise<ShiftView> {
  const figures = await shiftFigures(db, shift);
  const [cashier] = await db.select({ id: users.id, fio: users.fio }).from(users).where(eq(users.id, shift.cashierId));
  const expected = shift.expectedKopecks ?? figures.expectedKopecks;
  return {
    id: shift.id,
    till: shift.till,
    cashier: { id: shift.cashierId, fio: cashier?.fio ?? '' },
    status: shift.closedAt ? 'closed' : 'open',
    opened_at: toCinemaTime(shift.openedAt),
    closed_at: shift.closedAt ? toCinemaTime(shift.closedAt) : null,
    float: roublesOf(shift.floatKopecks),
    sales: inRoubles(figures.sales),
    refunds: inRoubles(figures.refunds),
    expected: roublesOf(expected),
    counted: shift.countedKopecks === null ? null : roublesOf(shift.countedKopecks),
    difference: shift.countedKopecks === null ? null : roublesOf(shift.countedKopecks - expected),
  };
}
