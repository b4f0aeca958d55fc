/**
 * A viewer gives a ticket back: until REFUND_CUTOFF_MINUTES before the session, once, and never
 * after it was admitted at the door. The money goes back through the payment provider (orders/
 * refund.ts); the ticket is refunded, and its seat free, when the provider confirms — usually at
 * once, else `refund_status` says it is under way. Someone else's ticket is answered as no ticket.
 */
import type { OwnTicket } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { type AppError, conflict, notFound } from '../../lib/http/errors';
import { executeRefund, requestRefunds } from './refund';
import { declineMessage } from './decline';
import { presentOwnTicket, type TicketWithRelations } from '../tickets/presenter';
import { findTicketsWithRelations } from '../tickets/queries';
import { isUnsettled } from '../tickets/state';

export async function refundOwnTicket(
  ctx: AppContext,
  userId: number,
  ticketId: number,
  now: Date,
): Promise<OwnTicket> {
  const own = async () => {
    const [row] = await findTicketsWithRelations(ctx.db, [ticketId]);
    if (!row || row.userId !== userId) throw notFound('Билет не найден');
    return row;
  };
  const ticket = await own();
  const refusal = whyNotRefundable(ticket, now, ctx.config.refundCutoffMinutes);
  if (refusal) throw refusal;
  const [refundId] = await requestRefunds(ctx, {
    orderId: ticket.orderId,
    ticketIds: [ticket.id],
    actor: { userId, channel: 'web' },
    reason: 'Возврат по желанию зрителя',
  });
  await executeRefund(ctx, refundId!);
  const after = await own();
  const refund = after.refunds.find((r) => r.id === refundId);
  if (refund?.status === 'canceled') {
    throw conflict(
      'refund_refused',
      `Платёжный сервис не вернул деньги: ${declineMessage(refund.cancellationReason)}`,
      {
        reason: refund.cancellationReason,
      },
    );
  }
  return presentOwnTicket(ctx.config, after);
}

function whyNotRefundable(row: TicketWithRelations, now: Date, cutoffMinutes: number): AppError | undefined {
  if (row.status === 'refunded') return conflict('ticket_refunded', 'Билет уже возвращён');
  if (row.status !== 'paid') return conflict('order_closed', 'Билет не оплачен');
  if (row.refunds.some((r) => isUnsettled(r.status))) {
    return conflict('refund_pending', 'Возврат этого билета уже оформляется');
  }
  if (row.usedAt) {
    return conflict('ticket_used', 'Билет уже использован, вернуть его нельзя', { used_at: toCinemaTime(row.usedAt) });
  }
  if (row.session.startTime.getTime() - cutoffMinutes * 60_000 < now.getTime()) {
    return conflict('refund_closed', `Вернуть билет можно не позднее чем за ${cutoffMinutes} минут до начала сеанса`, {
      cutoff_minutes: cutoffMinutes,
    });
  }
  return undefined;
}
