/**
 * The cancellation workflow's second half (docs/architecture.md, "Cancelling a session"): the session's
 * cancellation committed with its duty (the outbox enqueues the 'sessions.refund-cancelled' job); this
 * settles its orders. Every step is idempotent, so the job may run again, or twice at once, and stop
 * anywhere (a killed worker, a restart of Redis or the API): each order is refunded exactly once.
 *  - Orders being paid: the provider's word first (money that came makes the order paid, refunded below),
 *    then cancelled.
 *  - Tickets paid online (on the site, by a link from the till, or by a Pushkin card on the site:
 *    `refundedWithItsSession`): one refund per line through the provider (the shop it was paid at), each with its idempotence key recorded before the provider is asked (orders/refund.ts); a
 *    refund recorded by an earlier run that stopped before asking is asked now, with the same key.
 *  - Tickets paid at the till in cash, by card or by SBP: given back at the counter, where the cash
 *    register prints the return receipt, as the till refunds (modules/till), when the buyer brings the ticket.
 * Then every buyer is mailed (the 'mail.session-cancelled' job, one per session). Work the provider could
 * not take now (it is unreachable) makes the job fail, so the queue runs it again with its back-off.
 */
import { and, asc, eq, gte, inArray, notExists } from 'drizzle-orm';
import { refundedWithItsSession } from '../../contract/constants';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError } from '../../lib/http/errors';
import { errorFields } from '../../lib/infra/operator-messages';
import type { Actor } from '../orders/audit';
import { closeOrder } from '../orders/close-order';
import { ORDER_TRANSITIONS, orderBecomes, refundBecomes } from '../orders/lifecycle';
import { isPaidSql } from '../tickets/state';
import { refreshFromProvider } from '../orders/refresh';
import { executeRefund, requestRefunds } from '../orders/refund';
import { sessionJobIds } from '../../queues/job-ids/sessions';

const { sessions, orders, tickets, refunds } = schema;

export interface CancellationReport {
  /** Orders being paid that ended now. */
  cancelled: number;
  /** Refunds asked of the provider in this run (a repeated run asks none again). */
  refunds: number;
  /** Work left for a retry: orders still pending, refunds not yet taken by the provider. */
  left: number;
}

/** Thrown when work is left for the queue's retry. */
export class CancellationUnfinished extends Error {
  override name = 'CancellationUnfinished';
}

/** Settles a cancelled session's orders; a session not cancelled is left alone. */
export async function settleCancelledSession(ctx: AppContext, sessionId: number): Promise<CancellationReport> {
  const report: CancellationReport = { cancelled: 0, refunds: 0, left: 0 };
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!session?.cancelledAt) return report;
  const reason = `Сеанс отменён: ${session.cancelReason ?? 'по решению кинотеатра'}`;
  // The workflow acts for no person: the manager who cancelled is named in each order's audit trail.
  const system = (channel: Actor['channel']): Actor => ({ userId: null, channel });

  const pending = await ctx.db
    .select({ id: orders.id, channel: orders.channel })
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId), eq(orders.status, ORDER_TRANSITIONS.cancel.from[0])))
    .orderBy(asc(orders.id));
  for (const order of pending) {
    try {
      await refreshFromProvider(ctx, order.id, system(order.channel));
    } catch (err) {
      // Money may still come: the order stays until the provider can be asked.
      ctx.logger.warn({ ...errorFields(err), orderId: order.id }, 'session cancel: provider not asked');
      report.left += 1;
      continue;
    }
    const closed = await closeOrder(ctx, order.id, { transition: 'cancel', actor: system(order.channel), reason });
    if (closed?.status === orderBecomes('cancel')) report.cancelled += 1;
  }

  // Lines paid online with no refund asked since the cancellation (a refund refused before it may be asked again).
  const sold = await ctx.db
    .select({
      ticketId: tickets.id,
      orderId: orders.id,
      channel: orders.channel,
      paymentMethod: orders.paymentMethod,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(tickets.sessionId, sessionId),
        isPaidSql(),
        notExists(
          ctx.db
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.ticketId, tickets.id), gte(refunds.createdAt, session.cancelledAt))),
        ),
      ),
    )
    .orderBy(asc(orders.id), asc(tickets.id));
  const lines = sold.filter(refundedWithItsSession);
  const byOrder = new Map<number, { channel: Actor['channel']; ticketIds: number[] }>();
  for (const line of lines) {
    const entry = byOrder.get(line.orderId) ?? { channel: line.channel, ticketIds: [] };
    entry.ticketIds.push(line.ticketId);
    byOrder.set(line.orderId, entry);
  }
  for (const [orderId, { channel, ticketIds }] of byOrder) {
    try {
      report.refunds += (
        await requestRefunds(ctx, { orderId, ticketIds, actor: system(channel), refundAs: { kind: 'staff' }, reason })
      ).length;
    } catch (err) {
      // Another run (or a staff member) asked first: its refund is carried on below.
      if (!(err instanceof AppError)) throw err;
      ctx.logger.info({ ...errorFields(err), orderId }, 'session cancel: refund already asked');
    }
    await askProvider(ctx, sessionId, orderId);
  }
  // Refunds recorded by a run that stopped before asking the provider (their orders are not in `lines` now).
  await askProvider(ctx, sessionId);

  await ctx.queues.enqueue('mail.session-cancelled', { sessionId }, { jobId: sessionJobIds.cancelledMail(sessionId) });

  const waiting = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, refundBecomes('request')), inArray(refunds.orderId, ordersOf(ctx, sessionId))));
  report.left += waiting.length;
  if (report.left > 0) throw new CancellationUnfinished(`${report.left} step(s) of the cancellation left for a retry`);
  return report;
}

const ordersOf = (ctx: AppContext, sessionId: number) =>
  ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, sessionId));

/** Asks the provider for every refund of the session's orders (or of one order) recorded and not yet asked. */
async function askProvider(ctx: AppContext, sessionId: number, orderId?: number): Promise<void> {
  const due = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, refundBecomes('request')),
        orderId === undefined ? inArray(refunds.orderId, ordersOf(ctx, sessionId)) : eq(refunds.orderId, orderId),
      ),
    )
    .orderBy(asc(refunds.id));
  for (const { id } of due) await executeRefund(ctx, id);
}
