/**
 * SBP at the counter (docs/architecture.md, "The cash register"): the buyer pays the provider's QR on the till's screen
 * and the provider prints no receipt of its own; once it says `succeeded` and the order is paid
 * (orders/mark-paid.ts), the register prints the `sell` with `electronically`, counted to the till shift the
 * order was sold in. The money is already taken, so a register that refuses cannot undo the sale: the sale
 * is queued for a correction receipt (corrections.ts) and the till says so. A register that does not answer
 * is asked again for the same task by its uuid before anything is queued: it may have printed it.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { LIVE_TICKET_STATUS } from '../../contract/constants';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { receiptOrCorrection } from './corrections';
import { ticketReceipt } from './receipt';

/** Why an SBP sale waits for its correction receipt. */
export const SBP_UNRECEIPTED = 'Оплата по СБП пришла, а касса не пробила чек';

/** The register's receipt of a till order paid by SBP; nothing for any other order, or one receipted already. */
export async function receiptPaidCounterOrder(ctx: AppContext, orderId: number): Promise<void> {
  const { orders, fiscalOperations: ops, fiscalCorrections, users, tickets } = schema;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.paymentMethod !== 'sbp' || order.shiftId === null || order.soldBy === null) return;
  const [done] = await ctx.db
    .select({ id: ops.id })
    .from(ops)
    .where(and(eq(ops.orderId, orderId), eq(ops.kind, 'sell'), ne(ops.status, 'error')))
    .limit(1);
  const [queued] = await ctx.db
    .select({ id: fiscalCorrections.id })
    .from(fiscalCorrections)
    .where(and(eq(fiscalCorrections.orderId, orderId), isNull(fiscalCorrections.refundId)))
    .limit(1);
  if (done || queued) return;
  const [cashier] = await ctx.db.select().from(users).where(eq(users.id, order.soldBy));
  const sold = await ctx.db
    .select({ seat: tickets.seatNumber, price: tickets.priceKopecks })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), eq(tickets.status, LIVE_TICKET_STATUS)));
  if (sold.length === 0) return;
  const task = await ticketReceipt(ctx, 'sell', {
    sessionId: order.sessionId,
    lines: sold.toSorted((a, b) => a.seat.localeCompare(b.seat)),
    payment: { type: 'electronically', given: order.totalKopecks },
    cashier: cashier!,
    contact: order.phone ?? order.email,
  });
  await receiptOrCorrection(ctx, order.shiftId, { orderId, task, reason: SBP_UNRECEIPTED, requestedBy: order.soldBy });
}
