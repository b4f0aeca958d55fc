/** A till sale as the cashier sees it: the order, how it was paid, the change, and its tickets to print. */
import { eq } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { TillOrder } from '../../contract/till';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import type { AuthUser } from '../../lib/http/auth-user';
import { notFound } from '../../lib/http/errors';
import { correctionPending } from '../fiscal/corrections';
import { saleReceipts } from '../fiscal/receipt';
import { viewOrder } from '../orders/queries';
import { pollProvider } from '../orders/refresh';
import { presentOwnTicket } from '../tickets/presenter';
import { findTicketsWithRelations } from '../tickets/queries';
import { isLive } from '../tickets/state';

export async function tillOrder(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  orderId: number,
  seller: Pick<AuthUser, 'id' | 'role'>,
): Promise<TillOrder> {
  const view = await viewOrder(ctx, orderId, seller);
  const [row] = await ctx.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const sold = view.lines.filter((l) => isLive(l.status)).map((l) => l.ticket_id);
  const tickets = sold.length > 0 ? await findTicketsWithRelations(ctx.db, sold) : [];
  const given = row!.cashGivenKopecks;
  const fiscal = (await saleReceipts(ctx, [orderId])).get(orderId) ?? null;
  return {
    ...view,
    payment_method: row!.paymentMethod,
    till: row!.till ?? '',
    shift_id: row!.shiftId ?? 0,
    given: given === null ? null : roublesOf(given),
    change: given === null ? null : roublesOf(given - row!.totalKopecks),
    rrn: row!.cardRrn,
    fiscal,
    receipt_pending: fiscal === null && (await correctionPending(ctx, orderId)),
    qr: row!.paymentMethod === 'sbp' ? view.confirmation_url : null,
    tickets: tickets.map((t) => presentOwnTicket(ctx.config, t, ctx.clock.now())),
  };
}

/**
 * GET /api/till/orders/{id}: 404 for an order not sold at a till. While it waits for its payment the
 * provider is asked too (at most every few seconds), as the buyer's page does: a lost notification does
 * not keep the QR on the screen.
 */
export async function tillOrderOf(
  ctx: AppContext,
  orderId: number,
  seller: Pick<AuthUser, 'id' | 'role'>,
): Promise<TillOrder> {
  const [row] = await ctx.db
    .select({ channel: schema.orders.channel })
    .from(schema.orders)
    .where(eq(schema.orders.id, orderId));
  if (row?.channel !== 'box_office') throw notFound('Заказ кассы не найден');
  await pollProvider(ctx, orderId);
  return tillOrder(ctx, orderId, seller);
}
