/**
 * An unpaid order ends: it expired (its payment deadline passed and the provider has no success for
 * it) or was cancelled (the buyer gave up, or the payment was declined). Its lines stop occupying
 * their seats, which every open map shows free at once — but an SBP order at the till's, which go back
 * to the cashier's holds (the buyer at the counter may pay another way). Nothing happens to an order that is no
 * longer pending: expiry racing the payment's success loses under the order's lock.
 */
import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '../../db';
import { type Change, write } from '../../effects';
import { logAction, type Actor } from './audit';
import { ticketBecomes, ticketWas } from '../tickets/lifecycle';
import { lockOrder, type OrderRow } from '../../db/order-lock';
import { awaitsPayment, ORDER_TRANSITIONS, orderBecomes } from './lifecycle';

export interface CloseOptions {
  transition: 'expire' | 'cancel';
  actor: Actor;
  reason: string;
  /** The provider's cancellation of the order's payment, when that is why (for the audit trail). */
  decline?: { party: string; reason: string };
}

/** Ends a pending order; answers the order as it now is (unchanged when it was not pending). */
export function closeOrder(
  ctx: Parameters<typeof write>[0],
  orderId: number,
  options: CloseOptions,
): Promise<OrderRow | undefined> {
  return write(ctx, async (tx, changed) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !awaitsPayment(order.status)) return order;
    return closeLocked(tx, changed, order, options, ctx.clock.now());
  });
}

/** Ends a pending order already locked in `tx` (its lines release their seats on every map). */
export async function closeLocked(
  tx: Tx,
  changed: (change: Change) => void,
  order: OrderRow,
  { transition, actor, reason, decline }: CloseOptions,
  closedAt: Date,
): Promise<OrderRow> {
  const { orders, tickets } = schema;
  const lines = await tx
    .update(tickets)
    .set({ status: ticketBecomes('release') })
    .where(and(eq(tickets.orderId, order.id), eq(tickets.status, ticketWas('release'))))
    .returning({ id: tickets.id, seat: tickets.seatNumber });
  const [closed] = await tx
    .update(orders)
    .set({ status: orderBecomes(transition), closedAt })
    .where(eq(orders.id, order.id))
    .returning();
  await logAction(tx, order.id, ORDER_TRANSITIONS[transition].audit[0], actor, {
    reason,
    ...(decline ? { data: { decline } } : {}),
  });
  changed({
    what: 'orders',
    kind: 'closed',
    orderId: order.id,
    userId: order.userId,
    sessionId: order.sessionId,
    ticketIds: lines.map((l) => l.id),
    seats: lines.map((l) => l.seat),
    // SBP at the counter: the seats return to the cashier, who may take another way of paying.
    ...(order.channel === 'box_office' && order.paymentMethod === 'sbp' && order.soldBy !== null
      ? { heldFor: order.soldBy }
      : {}),
  });
  return closed!;
}
