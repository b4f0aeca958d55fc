/** Shifts and their figures: sales and refunds counted to each, by method, and the cash the drawer should hold. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, REFUND_METHODS, type PaymentMethod, type RefundMethod } from '../../contract/constants';
import { roublesOf } from '../../contract/money';
import type { ShiftView } from '../../contract/till';
import { toCinemaTime } from '../../contract/time';
import type { Db, Tx } from '../../db';
import { schema } from '../../db';
import { refundBecomes } from '../orders/lifecycle';
import { wasSoldSql } from '../tickets/state';
import { registerShifts } from '../fiscal/report';

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

type ByMethod<M extends string> = Record<M, { count: number; kopecks: number }>;
interface MethodRow<M extends string> {
  shiftId: number | null;
  method: M;
  count: number;
  kopecks: number;
}

/** Each shift's rows spread over every method (a method with nothing is zero). */
function byShift<M extends string>(shiftIds: number[], methods: readonly M[], rows: MethodRow<M>[]) {
  const totals = new Map<number, ByMethod<M>>(
    shiftIds.map((id) => [id, Object.fromEntries(methods.map((m) => [m, { count: 0, kopecks: 0 }])) as ByMethod<M>]),
  );
  for (const row of rows) totals.get(row.shiftId!)![row.method] = { count: row.count, kopecks: row.kopecks };
  return totals;
}

/** Tickets sold in the shifts' orders (refunded later or not: a refund is counted on its own), by method. */
async function salesOf(db: Db | Tx, shiftIds: number[]) {
  const rows = await db
    .select({
      shiftId: orders.shiftId,
      method: orders.paymentMethod,
      count: sql<number>`count(*)`.mapWith(Number),
      kopecks: sql<number>`coalesce(sum(${tickets.priceKopecks}), 0)`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(inArray(orders.shiftId, shiftIds), wasSoldSql()))
    .groupBy(orders.shiftId, orders.paymentMethod);
  return byShift<PaymentMethod>(shiftIds, PAYMENT_METHODS, rows);
}

/** Refunds settled and counted to the shifts, by method. */
async function refundsOf(db: Db | Tx, shiftIds: number[]) {
  const rows = await db
    .select({
      shiftId: refunds.shiftId,
      method: refunds.method,
      count: sql<number>`count(*)`.mapWith(Number),
      kopecks: sql<number>`coalesce(sum(${refunds.amountKopecks}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(and(inArray(refunds.shiftId, shiftIds), eq(refunds.status, refundBecomes('succeed'))))
    .groupBy(refunds.shiftId, refunds.method);
  return byShift<RefundMethod>(shiftIds, REFUND_METHODS, rows);
}

export interface ShiftFigures {
  sales: ByMethod<PaymentMethod>;
  refunds: ByMethod<RefundMethod>;
  /** float + cash taken − cash given back, kopecks. */
  expectedKopecks: number;
}

/** The figures of several shifts at once (a page of the list): two queries, whatever their number. */
async function figuresOf(db: Db | Tx, rows: ShiftRow[]): Promise<Map<number, ShiftFigures>> {
  const ids = rows.map((s) => s.id);
  if (ids.length === 0) return new Map();
  const [sales, back] = await Promise.all([salesOf(db, ids), refundsOf(db, ids)]);
  return new Map(
    rows.map((shift) => {
      const sold = sales.get(shift.id)!;
      const returned = back.get(shift.id)!;
      const expectedKopecks = shift.floatKopecks + sold.cash.kopecks - returned.cash.kopecks;
      return [shift.id, { sales: sold, refunds: returned, expectedKopecks }];
    }),
  );
}

export async function shiftFigures(db: Db | Tx, shift: ShiftRow): Promise<ShiftFigures> {
  return (await figuresOf(db, [shift])).get(shift.id)!;
}

const inRoubles = <M extends string>(totals: ByMethod<M>) =>
  Object.fromEntries(
    Object.entries<{ count: number; kopecks: number }>(totals).map(([m, t]) => [
      m,
      { count: t.count, amount: roublesOf(t.kopecks) },
    ]),
  ) as Record<M, { count: number; amount: number }>;

/** Shifts' reports, in the order given (expected as fixed at closing once closed). */
export async function presentShifts(db: Db | Tx, rows: ShiftRow[]): Promise<ShiftView[]> {
  const cashierIds = [...new Set(rows.map((s) => s.cashierId))];
  const [figures, registers, cashiers] = await Promise.all([
    figuresOf(db, rows),
    registerShifts(db, rows),
    cashierIds.length === 0
      ? []
      : db.select({ id: users.id, fio: users.fio }).from(users).where(inArray(users.id, cashierIds)),
  ]);
  const fioOf = new Map(cashiers.map((c) => [c.id, c.fio]));
  return rows.map((shift) => {
    const { sales, refunds: back, expectedKopecks } = figures.get(shift.id)!;
    const expected = shift.expectedKopecks ?? expectedKopecks;
    return {
      id: shift.id,
      till: shift.till,
      cashier: { id: shift.cashierId, fio: fioOf.get(shift.cashierId) ?? '' },
      status: shift.closedAt ? 'closed' : 'open',
      opened_at: toCinemaTime(shift.openedAt),
      closed_at: shift.closedAt ? toCinemaTime(shift.closedAt) : null,
      float: roublesOf(shift.floatKopecks),
      sales: inRoubles(sales),
      refunds: inRoubles(back),
      expected: roublesOf(expected),
      counted: shift.countedKopecks === null ? null : roublesOf(shift.countedKopecks),
      difference: shift.countedKopecks === null ? null : roublesOf(shift.countedKopecks - expected),
      register: registers.get(shift.id) ?? null,
    };
  });
}

/** The shift's report. */
export async function presentShift(db: Db | Tx, shift: ShiftRow): Promise<ShiftView> {
  return (await presentShifts(db, [shift]))[0]!;
}
