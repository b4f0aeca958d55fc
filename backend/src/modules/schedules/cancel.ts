/**
 * A session is cancelled (docs/architecture.md, "Sessions change and ЕАИС"): it leaves the bill and sells nothing more
 * (its lifecycle refuses sales: lifecycle.ts, the seat record in Redis no longer loads it); orders being paid are
 * cancelled (after asking the provider, so money that came is refunded below rather than lost);
 * every ticket paid online is refunded through the provider (refund.ts, as staff refunds are); tickets
 * paid at the till in cash or by card stay paid, to be refunded at the counter (the till's refund).
 * Buyers are told by mail (the 'mail.session-cancelled' job), the bill and the maps follow (effects).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ScheduleCancelBody, ScheduleCancelResult } from '../../contract/schedules';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { errorFields } from '../../lib/infra/operator-messages';
import type { AuthUser } from '../../lib/http/auth-user';
import { AppError, notFound } from '../../lib/http/errors';
import { logAction } from '../orders/audit';
import { closeOrder } from '../orders/close-order';
import { HOLDING_ORDER_STATUSES, ORDER_TRANSITIONS, orderBecomes } from '../orders/lifecycle';
import { isPaidSql } from '../tickets/state';
import { refreshFromProvider } from '../orders/refresh';
import { executeRefund, requestRefunds } from '../orders/refund';
import { canBeCancelled } from './lifecycle';

const { sessions, orders, tickets } = schema;

export async function cancelSession(
  ctx: AppContext,
  id: number,
  staff: AuthUser,
  { reason }: ScheduleCancelBody,
  now = new Date(),
): Promise<ScheduleCancelResult> {
  const reasonText = reason.trim();
  const cancelledAt = await write(ctx, async (tx, changed) => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
    if (!session) throw notFound('Сеанс не найден');
    const refusal = canBeCancelled(session, now);
    if (refusal) throw refusal;
    await tx.update(sessions).set({ cancelledAt: now, cancelReason: reasonText }).where(eq(sessions.id, id));
    const affected = await tx
      .select({ id: orders.id, channel: orders.channel })
      .from(orders)
      .where(and(eq(orders.sessionId, id), inArray(orders.status, [...HOLDING_ORDER_STATUSES])));
    for (const order of affected) {
      await logAction(
        tx,
        order.id,
        'session_cancelled',
        { userId: staff.id, channel: order.channel },
        {
          reason: reasonText,
        },
      );
    }
    changed({ what: 'sessions', ids: [id], cancelled: true });
    return now;
  });

  // Orders being paid: the provider's word first (paid ones are refunded below), then cancelled.
  const pending = await ctx.db.query.orders.findMany({
    where: and(eq(orders.sessionId, id), eq(orders.status, ORDER_TRANSITIONS.cancel.from[0])),
  });
  let ordersCancelled = 0;
  for (const order of pending) {
    const actor = { userId: staff.id, channel: order.channel };
    await refreshFromProvider(ctx, order.id, actor).catch((err: unknown) =>
      ctx.logger.warn({ ...errorFields(err), orderId: order.id }, 'session cancel: provider not asked'),
    );
    const closed = await closeOrder(ctx, order.id, { transition: 'cancel', actor, reason: reasonText });
    if (closed?.status === orderBecomes('cancel')) ordersCancelled += 1;
  }

  // Paid tickets, by order: online ones refunded through the provider, till ones left for the counter.
  const paid = await ctx.db
    .select({ ticketId: tickets.id, orderId: orders.id, channel: orders.channel, method: orders.paymentMethod })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.sessionId, id), isPaidSql()));
  const online = new Map<number, { channel: (typeof paid)[number]['channel']; ticketIds: number[] }>();
  let atCounter = 0;
  for (const line of paid) {
    if (line.method !== 'online') {
      atCounter += 1;
      continue;
    }
    const entry = online.get(line.orderId) ?? { channel: line.channel, ticketIds: [] };
    entry.ticketIds.push(line.ticketId);
    online.set(line.orderId, entry);
  }
  let refundedOnline = 0;
  for (const [orderId, { channel, ticketIds }] of online) {
    try {
      const refundIds = await requestRefunds(ctx, {
        orderId,
        ticketIds,
        actor: { userId: staff.id, channel },
        refundAs: { kind: 'staff' },
        reason: `Сеанс отменён: ${reasonText}`,
      });
      for (const refundId of refundIds) await executeRefund(ctx, refundId);
      refundedOnline += ticketIds.length;
    } catch (err) {
      // A refund already under way (refund_pending) goes on by itself; reconciliation retries the provider.
      if (!(err instanceof AppError)) throw err;
      ctx.logger.warn({ ...errorFields(err), orderId }, 'session cancel: refund not requested');
    }
  }
  return {
    id,
    cancelled_at: toCinemaTime(cancelledAt),
    reason: reasonText,
    refunded_online: refundedOnline,
    refund_at_counter: atCounter,
    orders_cancelled: ordersCancelled,
  };
}
