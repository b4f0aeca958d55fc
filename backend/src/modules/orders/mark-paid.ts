/**
 * The provider says the order's payment succeeded (read from the provider, never from a
 * notification's body). Under the order's lock, once: a repeated notification, the buyer's return
 * and reconciliation all find it paid and change nothing. A payment that comes after the order
 * expired sells the seats if they are all still free; if any was taken meanwhile, the whole payment
 * goes back through the provider at once (no seat is sold twice). The buyer is told by mail once the
 * provider confirms the refund; a refusal is left for staff to return by hand (refund.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema, type Tx } from '../../db';
import { write } from '../../effects';
import type { ProviderPayment } from '../../payments/provider';
import { logAction, type Actor } from './audit';
import { lockOrder, type OrderRow } from '../../db/order-lock';
import { executeRefund } from './refund';

export type PaidOutcome = 'paid' | 'already' | 'late-sold' | 'late-refunded' | 'missing';

/** The seats were resold while the money was on its way: the whole payment goes back. */
const LATE_REASON = 'Оплата пришла после окончания времени на оплату, а места уже заняты: оформлен возврат';

export async function markOrderPaid(
  ctx: AppContext,
  orderId: number,
  payment: ProviderPayment,
  actor: Actor,
): Promise<PaidOutcome> {
  const { payments } = schema;
  const outcome = await write(ctx, async (tx, changed) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { kind: 'missing' as const };
    const [attempt] = await tx
      .update(payments)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(and(eq(payments.orderId, orderId), eq(payments.providerPaymentId, payment.id)))
      .returning();
    if (order.status === 'paid') return { kind: 'already' as const };
    const late = order.status !== 'pending';
    const sold = await sellLines(tx, order, late ? 'cancelled' : 'pending');
    if (!sold) {
      const [refund] = await tx
        .insert(schema.refunds)
        .values({
          orderId,
          ticketId: null,
          paymentId: attempt?.id ?? null,
          idempotenceKey: randomUUID(),
          status: 'creating',
          amountKopecks: payment.amountKopecks,
          reason: LATE_REASON,
        })
        .returning({ id: schema.refunds.id });
      // Nothing to tell anyone yet: the buyer's mail waits for the provider's confirmation (refund.ts).
      await logAction(tx, orderId, 'late_payment_refunded', actor, {
        reason: LATE_REASON,
        data: { payment_id: payment.id },
      });
      return { kind: 'late-refunded' as const, refundId: refund!.id };
    }
    await tx
      .update(schema.orders)
      .set({ status: 'paid', paidAt: new Date(), closedAt: null })
      .where(eq(schema.orders.id, orderId));
    await logAction(tx, orderId, late ? 'late_payment_sold' : 'paid', actor, { data: { payment_id: payment.id } });
    changed({ ...changeOf(order, sold.ids, sold.seats), kind: 'paid' });
    return { kind: late ? ('late-sold' as const) : ('paid' as const) };
  });
  if (outcome.kind === 'late-refunded') await executeRefund(ctx, outcome.refundId);
  return outcome.kind;
}

/**
 * The order's lines become sold tickets. For a late payment (lines cancelled) this is tried in a
 * savepoint: the unique index on seats refuses it when any seat was taken meanwhile → undefined.
 */
async function sellLines(tx: Tx, order: OrderRow, from: 'pending' | 'cancelled') {
  const { tickets } = schema;
  const sell = (db: Tx) =>
    db
      .update(tickets)
      .set({ status: 'paid', purchaseDate: new Date() })
      .where(and(eq(tickets.orderId, order.id), eq(tickets.status, from)))
      .returning({ id: tickets.id, seat: tickets.seatNumber });
  try {
    const rows = from === 'pending' ? await sell(tx) : await tx.transaction((savepoint) => sell(savepoint));
    return { ids: rows.map((r) => r.id), seats: rows.map((r) => r.seat) };
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) return undefined;
    throw err;
  }
}

const changeOf = (order: OrderRow, ticketIds: number[], seats: string[]) => ({
  what: 'orders' as const,
  orderId: order.id,
  userId: order.userId,
  sessionId: order.sessionId,
  ticketIds,
  seats,
});
