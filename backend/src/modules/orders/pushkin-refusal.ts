/**
 * The Pushkin card registry refused a paid ticket (modules/pushkin): the money goes back. Paid online (the second
 * shop), it is refunded through the provider at once; paid at the till, on the cinema's Pushkin terminal, the
 * cashier returns it at the counter — the order's flag (pushkin_refused) says so until then.
 */
import { eq } from 'drizzle-orm';
import { paidThroughProvider } from '../../contract/constants';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError } from '../../lib/http/errors';
import { WEB_SYSTEM } from './audit';
import { executeRefund, requestRefunds } from './refund';

export async function refundRefusedPushkinTicket(
  ctx: AppContext,
  ticketId: number,
  why: string,
): Promise<'refunded' | 'at-counter' | 'none'> {
  const [row] = await ctx.db
    .select({
      orderId: schema.tickets.orderId,
      paymentMethod: schema.orders.paymentMethod,
      channel: schema.orders.channel,
    })
    .from(schema.tickets)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.tickets.orderId))
    .where(eq(schema.tickets.id, ticketId));
  if (!row) return 'none';
  if (!paidThroughProvider(row)) return 'at-counter';
  let ids: number[];
  try {
    ids = await requestRefunds(ctx, {
      orderId: row.orderId,
      ticketIds: [ticketId],
      actor: WEB_SYSTEM,
      refundAs: { kind: 'staff' },
      reason: `Реестр Пушкинской карты отказал в регистрации билета: ${why}`,
    });
  } catch (err) {
    // Refunded already, or its refund under way: nothing more to ask.
    if (err instanceof AppError) return 'none';
    throw err;
  }
  for (const id of ids) await executeRefund(ctx, id);
  return 'refunded';
}
