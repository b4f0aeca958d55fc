/**
 * Staff give money back for an order or some of its tickets, with a reason, when tickets/lifecycle.ts's
 * `refundRefusal` allows the back office (online payments, before the tickets are used; cash and card
 * sales go back at the till), asked under the order's lock by requestRefunds.
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
  // Without a choice: every line the back office may refund now (the rule the page shows); when there is
  // none, all of them, so that the first line's refusal is the answer.
  const refundable = (await staffOrder(ctx, orderId)).lines.filter((l) => l.refundable).map((l) => l.ticket_id);
  const lines = ticket_ids ?? (refundable.length > 0 ? refundable : order.tickets.map((t) => t.id));
  if (lines.some((id) => !order.tickets.some((t) => t.id === id))) throw notFound('В заказе нет такого билета');
  if (lines.length === 0) throw conflict('order_closed', 'В заказе нет билетов, за которые можно вернуть деньги');
  const refundIds = await requestRefunds(ctx, {
    orderId,
    ticketIds: lines,
    actor: { userId: staff.id, channel: order.channel },
    refundAs: { kind: 'staff' },
    reason,
  });
  for (const id of refundIds) await executeRefund(ctx, id);
  return staffOrder(ctx, orderId);
}
