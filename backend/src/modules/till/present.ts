/** A till sale as the cashier sees it: the order, how it was paid, the change, and its tickets to print. */
import { eq } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { FiscalData } from '../../contract/fiscal';
import type { TillOrder } from '../../contract/till';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import type { AuthUser } from '../../lib/http/auth-user';
import { notFound } from '../../lib/http/errors';
import { correctionPending } from '../fiscal/corrections';
import { saleReceipts } from '../fiscal/receipt';
import { viewOrderRow } from '../orders/queries';
import { pollProvider } from '../orders/refresh';
import { isLive } from '../tickets/state';

export async function tillOrder(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  orderId: number,
  seller: Pick<AuthUser, 'id' | 'role'>,
  /** The sale's receipt when the caller has it in hand (a sale just made): not read back. */
  known?: { fiscal: FiscalData },
): Promise<TillOrder> {
  const [{ view, row }, receipts] = await Promise.all([
    // One query: the order, its row, and the tickets it sold as the cashier hands them over.
    viewOrderRow(ctx, orderId, seller, () => isLive),
    known ? null : saleReceipts(ctx, [orderId]),
  ]);
  const fiscal = known?.fiscal ?? receipts?.get(orderId) ?? null;
  const pending = fiscal === null ? await correctionPending(ctx, orderId) : false;
  const given = row.cashGivenKopecks;
  return {
    ...view,
    payment_method: row.paymentMethod,
    till: row.till ?? '',
    shift_id: row.shiftId ?? 0,
    given: given === null ? null : roublesOf(given),
    change: given === null ? null : roublesOf(given - row.totalKopecks),
    rrn: row.cardRrn,
    fiscal,
    receipt_pending: pending,
    qr: row.paymentMethod === 'sbp' ? view.confirmation_url : null,
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
