/**
 * Staff give money back for an order or some of its tickets, with a reason, at any time before the
 * tickets are used (the viewers' own refunds close REFUND_CUTOFF_MINUTES before the session).
 */
import { eq } from 'drizzle-orm';
import type { StaffOrder, StaffRefundBody } from '../../contract/orders';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict, notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import { staffOrder } from './queries';
import { executeRefund, requestRefunds } from './refund';

export async function refundByStaff(
  ctx: AppContext,
  orderId: number,
  staff: AuthUser,
  { ticket_ids, reason }: StaffRefundBody,
): Promise<StaffOrder> {
  const order = await ctx.db.query.orders.findFirst({ where: eq(schema.orders.id, orderId), with: { tickets: true } });
  if (!order) throw notFound('Заказ не найден');
  // Cash and card sales give money back at the till, out of a drawer and counted to a shift (modules/till).
  if (order.paymentMethod !== 'online')
    throw conflict('conflict', 'Заказ оплачен в кассе: деньги за него возвращает касса (по номеру билета или QR-коду)');
  const refundable = order.tickets.filter((t) => t.status === 'paid' && !t.usedAt).map((t) => t.id);
  const lines = ticket_ids ?? refundable;
  if (lines.some((id) => !order.tickets.some((t) => t.id === id))) throw notFound('В заказе нет такого билета');
  if (lines.length === 0) throw conflict('order_closed', 'В заказе нет билетов, за которые можно вернуть деньги');
  const refundIds = await requestRefunds(ctx, {
    orderId,
    ticketIds: lines,
    actor: { userId: staff.id, channel: order.channel },
    reason,
  });
  for (const id of refundIds) await executeRefund(ctx, id);
  return staffOrder(ctx, orderId);
}
