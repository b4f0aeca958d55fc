/**
 * POST /api/till/refunds: a ticket brought back to the counter, found by its number or its QR (check-in)
 * code. Before the session any staff with the till's refund right; after its start only the admin, with a
 * reason. A cash or card sale is refunded out of the drawer (or back to the card on the terminal) at once,
 * in one transaction under the refunder's open shift's lock (shifts/locks.ts); an online payment goes back
 * through the provider (orders/refund.ts). SBP taken at the counter goes back through the provider too,
 * and once the provider took the refund the register prints its return receipt.
 */
import { refundMethodOf } from '../../contract/constants';
import { eq } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { TillRefund, TillRefundBody } from '../../contract/till';
import type { AppContext } from '../../context';
import { schema, type Tx } from '../../db';
import type { AuthUser } from '../../lib/http/auth-user';
import { AppError, conflict, notFound } from '../../lib/http/errors';
import { attachReturn, returnReceipt, sbpReturnReceipt } from '../fiscal/refund';
import { declineMessage } from '../orders/decline';
import { isRefusedRefund } from '../orders/lifecycle';
import { staffOrder } from '../orders/queries';
import { executeRefund, requestRefunds } from '../orders/refund';
import { refundRefusal } from '../tickets/lifecycle';
import { openShiftOf, shiftFigures } from '../shifts/queries';
import { noOpenShift, shareLockOpenShift } from '../shifts/locks';
import { verifyCheckInCode } from '../tickets/check-in-code';
import { isLive } from '../tickets/state';

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
  now = ctx.clock.now(),
): Promise<TillRefund> {
  const ticket = await findTicket(ctx, body);
  // Asked before the drawer is looked for (and again under the order's lock by requestRefunds).
  const refundAs = { kind: 'counter' as const, role: staff.role, reason: body.reason };
  const refusal = refundRefusal({ ...ticket, refunds: [] }, refundAs, now);
  if (refusal) throw refusal;
  const paidBy = ticket.order.paymentMethod;
  const method = refundMethodOf(ticket.order);
  const shift = await openShiftOf(ctx.db, staff.id);
  // Whatever was paid at the counter (SBP too) goes back with the register's return receipt: a shift is needed.
  if ((method !== 'provider' || paidBy === 'sbp') && !shift) throw noOpenShift();
  // Cash and card go back with the register's return receipt, issued first (modules/fiscal/refund.ts).
  const returned =
    method === 'provider' || !isLive(ticket.status)
      ? null
      : await returnReceipt(ctx, {
          ticket,
          method,
          shiftId: shift!.id,
          drawerKopecks: (await shiftFigures(ctx.db, shift!)).expectedKopecks,
          staff,
        });
  const [refundId] = await requestRefunds(ctx, {
    orderId: ticket.orderId,
    ticketIds: [ticket.id],
    actor: { userId: staff.id, channel: 'box_office' },
    refundAs,
    now,
    reason: body.reason ?? COUNTER_REASON,
    method,
    shiftId: shift?.id ?? null,
    // Counted to the shift like a sale: locked in the refund's transaction, refused once it closed.
    ...(shift ? { lockShift: (tx: Tx) => shareLockOpenShift(tx, shift.id) } : {}),
  });
  if (refundId === undefined) throw conflict('order_closed', 'Билет не был оплачен: возвращать нечего');
  if (returned) await attachReturn(ctx, returned, refundId);
  await executeRefund(ctx, refundId);
  const order = await staffOrder(ctx, ticket.orderId);
  const refund = order.lines.find((l) => l.ticket_id === ticket.id)?.refund;
  if (refund && isRefusedRefund(refund.status)) {
    throw conflict('refund_refused', `Платёжный сервис не вернул деньги: ${refund.refusal ?? declineMessage(null)}`);
  }
  // SBP: the provider took the refund, so the register prints its return receipt now (or it is queued for a
  // correction receipt: the money is back already).
  if (paidBy === 'sbp' && isLive(ticket.status)) {
    await sbpReturnReceipt(ctx, { ticket, shiftId: shift!.id, refundId, staff });
  }
  return {
    ticket_id: ticket.id,
    method,
    amount: roublesOf(ticket.priceKopecks),
    shift_id: method === 'provider' ? (shift?.id ?? null) : shift!.id,
    order,
  };
}
