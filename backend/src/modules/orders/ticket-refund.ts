/**
 * A viewer gives a ticket back when tickets/lifecycle.ts's `refundRefusal` allows it (until
 * REFUND_CUTOFF_MINUTES before the session, once, never after it was admitted at the door), asked
 * under the order's lock by requestRefunds. The money goes back through the payment provider (orders/
 * refund.ts); the ticket is refunded, and its seat free, when the provider confirms — usually at
 * once, else `refund_status` says it is under way. Someone else's ticket is answered as no ticket.
 */
import type { OwnTicket } from '../../contract/tickets';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/http/errors';
import { executeRefund, requestRefunds } from './refund';
import { declineMessage } from './decline';
import { isRefusedRefund } from './lifecycle';
import { presentOwnTicket } from '../tickets/presenter';
import { findTicketsWithRelations } from '../tickets/queries';

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
  const [refundId] = await requestRefunds(ctx, {
    orderId: ticket.orderId,
    ticketIds: [ticket.id],
    actor: { userId, channel: 'web' },
    refundAs: { kind: 'viewer', cutoffMinutes: ctx.config.refundCutoffMinutes },
    reason: 'Возврат по желанию зрителя',
    now,
  });
  await executeRefund(ctx, refundId!);
  const after = await own();
  const refund = after.refunds.find((r) => r.id === refundId);
  if (refund && isRefusedRefund(refund.status)) {
    throw conflict(
      'refund_refused',
      `Платёжный сервис не вернул деньги: ${declineMessage(refund.cancellationReason)}`,
      {
        reason: refund.cancellationReason,
      },
    );
  }
  return presentOwnTicket(ctx.config, after, now);
}
