/**
 * A session is cancelled (docs/architecture.md, "Cancelling a session"): it leaves the bill and sells
 * nothing more (sessionOnSale refuses it, the seat record in Redis no longer loads it). The cancellation
 * commits together with its durable duty: the same transaction's outbox entry enqueues the
 * 'sessions.refund-cancelled' job (settle-cancellation.ts), which cancels the orders being paid, refunds
 * every line paid online through the provider, leaves cash and card sales to the till's counter, and
 * mails the buyers. The answer says what that job is doing; the bill and the maps follow (effects).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { refundedWithItsSession } from '../../contract/constants';
import type { ScheduleCancelBody, ScheduleCancelResult } from '../../contract/schedules';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import type { AuthUser } from '../../lib/http/auth-user';
import { notFound } from '../../lib/http/errors';
import { logAction } from '../orders/audit';
import { awaitsPayment, HOLDING_ORDER_STATUSES } from '../orders/lifecycle';
import { isPaidSql } from '../tickets/state';
import { canBeCancelled } from './lifecycle';

const { sessions, orders, tickets } = schema;

export async function cancelSession(
  ctx: AppContext,
  id: number,
  staff: AuthUser,
  { reason }: ScheduleCancelBody,
  now = ctx.clock.now(),
): Promise<ScheduleCancelResult> {
  const reasonText = reason.trim();
  return write(ctx, async (tx, changed) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    if (!session) throw notFound('Сеанс не найден');
    const refusal = canBeCancelled(session, now);
    if (refusal) throw refusal;
    await tx.update(sessions).set({ cancelledAt: now, cancelReason: reasonText }).where(eq(sessions.id, id));
    const affected = await tx
      .select({ id: orders.id, channel: orders.channel, status: orders.status })
      .from(orders)
      .where(and(eq(orders.sessionId, id), inArray(orders.status, [...HOLDING_ORDER_STATUSES])));
    for (const order of affected) {
      await logAction(
        tx,
        order.id,
        'session_cancelled',
        { userId: staff.id, channel: order.channel },
        { reason: reasonText },
      );
    }
    const paid = await tx
      .select({ paymentMethod: orders.paymentMethod, channel: orders.channel })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(eq(tickets.sessionId, id), isPaidSql()));
    // The durable duty: committed with the cancellation, performed by the job however the processes fare.
    changed({ what: 'sessions', ids: [id], cancelled: true });
    const online = paid.filter(refundedWithItsSession).length;
    return {
      id,
      cancelled_at: toCinemaTime(now),
      reason: reasonText,
      refunded_online: online,
      refund_at_counter: paid.length - online,
      orders_cancelled: affected.filter((order) => awaitsPayment(order.status)).length,
    };
  });
}
