/**
 * POST /api/till/refunds: a ticket brought back to the counter, found by its number or its QR (check-in)
 * code. Before the session any staff with the till's refund right; after its start only the admin, with a
 * reason. A cash or card sale is refunded out of the drawer (or back to the card on the terminal) at once,
 * in one transaction under the refunder's open shift's lock (shifts/locks.ts); an online payment goes back
 * through the provider (orders/refund.ts).
 */
import { eq } from 'drizzle-orm';
import { mayRefundAfterStart } from '../../contract/access';
import { roublesOf } from '../../contract/money';
import type { TillRefund, TillRefundBody } from '../../contract/till';
import type { AppContext } from '../../context';
import { schema, type Tx } from '../../db';
import { AppError, conflict, invalidInput, notFound } from '../../lib/errors';
import type { AuthUser } from '../auth/tokens';
import { declineMessage } from '../orders/decline';
import { staffOrder } from '../orders/queries';
import { executeRefund, requestRefunds } from '../orders/refund';
import { noOpenShift, shareLockOpenShift } from '../shifts/locks';
import { openShiftOf } from '../shifts/queries';
import { verifyCheckInCode } from '../tickets/check-in-code';

const COUNTER_REASON = 'Возврат в кассе';

/** The ticket a number or a code names (a code must be genuine and still name the ticket's seat). */
async function findTicket(ctx: Pick<AppContext, 'db' | 'config'>, body: TillRefundBody) {
  let ticketId = body.ticket_id;
  let claimed: { sessionId: number; seat: string } | undefined;
  if (body.code !== undefined) {
    const payload = verifyCheckInCode(ctx.config.appSecret, body.code);
    if (!payload) throw new AppError('ticket_code_invalid', 'Код билета недействителен');
    ticketId = payload.ticketId;
    claimed = payload;
  }
  const ticket = await ctx.db.query.tickets.findFirst({
    where: eq(schema.tickets.id, ticketId!),
    with: { order: true, session: true },
  });
  if (!ticket || (claimed && (claimed.sessionId !== ticket.sessionId || claimed.seat !== ticket.seatNumber)))
    throw notFound('Билет не найден');
  return ticket;
}

export async function refundAtCounter(
  ctx: AppContext,
  staff: AuthUser,
  body: TillRefundBody,
  now = new Date(),
): Promise<TillRefund> {
  const ticket = await findTicket(ctx, body);
  if (ticket.session.startTime.getTime() <= now.getTime()) {
    if (!mayRefundAfterStart(staff.role))
      throw conflict('refund_closed', 'Сеанс уже начался: вернуть билет теперь может только администратор');
    if (!body.reason) throw invalidInput({ reason: 'После начала сеанса напишите причину возврата' });
  }
  const method = ticket.order.paymentMethod === 'online' ? ('provider' as const) : ticket.order.paymentMethod;
  const shift = await openShiftOf(ctx.db, staff.id);
  if (method !== 'provider' && !shift) throw noOpenShift();
  const [refundId] = await requestRefunds(ctx, {
    orderId: ticket.orderId,
    ticketIds: [ticket.id],
    actor: { userId: staff.id, channel: 'box_office' },
    reason: body.reason ?? COUNTER_REASON,
    method,
    shiftId: shift?.id ?? null,
    // Counted to the shift like a sale: locked in the refund's transaction, refused once it closed.
    ...(shift ? { lockShift: (tx: Tx) => shareLockOpenShift(tx, shift.id) } : {}),
  });
  if (refundId === undefined) throw conflict('order_closed', 'Билет не был оплачен: возвращать нечего');
  await executeRefund(ctx, refundId);
  const order = await staffOrder(ctx, ticket.orderId);
  const refund = order.lines.find((l) => l.ticket_id === ticket.id)?.refund;
  if (refund?.status === 'canceled') {
    throw conflict('refund_refused', `Платёжный сервис не вернул деньги: ${refund.refusal ?? declineMessage(null)}`);
  }
  return {
    ticket_id: ticket.id,
    method,
    amount: roublesOf(ticket.priceKopecks),
    shift_id: method === 'provider' ? (shift?.id ?? null) : shift!.id,
    order,
  };
}
