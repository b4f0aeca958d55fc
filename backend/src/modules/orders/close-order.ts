/**
 * An unpaid order ends: it expired (its payment deadline passed and the provider has no success for
 * it) or was cancelled (the buyer gave up, or the payment was declined). Its lines stop occupying
 * their seats, which every open map shows free at once. Nothing happens to an order that is no
 * longer pending: expiry racing the payment's success loses under the order's lock.
 */
import { and, eq } from 'drizzle-orm';
import { schema } from '../../db';
import { write } from '../../effects';
import { logAction, type Actor } from './audit';
import { lockOrder, type OrderRow } from '../../db/order-lock';

export interface CloseOptions {
  status: 'expired' | 'cancelled';
  actor: Actor;
  reason: string;
  /** The provider's cancellation of the order's payment, when that is why (for the audit trail). */
  decline?: { party: string; reason: string };
}

/** Ends a pending order; answers the order as it now is (unchanged when it was not pending). */
export function closeOrder(
  ctx: Parameters<typeof write>[0],
  orderId: number,
  { status, actor, reason, decline }: CloseOptions,
): Promise<OrderRow | undefined> {
  const { orders, tickets } = schema;
  return write(ctx, async (tx, changed) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 'pending') return order;
    const lines = await tx
      .update(tickets)
      .set({ status: 'cancelled' })
      .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'pending')))
      .returning({ id: tickets.id, seat: tickets.seatNumber });
    const [closed] = await tx
      .update(orders)
      .set({ status, closedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    await logAction(tx, orderId, status, actor, { reason, ...(decline ? { data: { decline } } : {}) });
    changed({
      what: 'orders',
      kind: 'closed',
      orderId,
      userId: order.userId,
      sessionId: order.sessionId,
      ticketIds: lines.map((l) => l.id),
      seats: lines.map((l) => l.seat),
    });
    return closed;
  });
}
