/**
 * The provider says the order's payment succeeded (read from the provider, never from a
 * notification's body): the transition "pay" (orders/lifecycle.ts), pretix's `mark_order_paid`.
 * Under the order's lock, once: a repeated notification, the buyer's return and reconciliation all
 * find it paid and change nothing. The money buys the seats only when the session can still be sold
 * (schedules/lifecycle.ts `canBeSold`, read under a share lock on the session row, so a cancellation
 * or a move waits for it), the order was not cancelled, and — for a payment after the order expired —
 * every seat is still free. Otherwise nothing is sold: a pending order is cancelled (its seats free),
 * the whole payment goes back through the provider at once, and the buyer is told by mail once the
 * provider confirms the refund; a refusal is left for staff to return by hand (refund.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '../../contract/constants';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema, type Tx } from '../../db';
import { write } from '../../effects';
import type { ProviderPayment } from '../../payments/provider';
import { canBeSold, isCancelled, type SessionTimes } from '../schedules/lifecycle';
import { ticketBecomes, ticketWas } from '../tickets/lifecycle';
import { recordEaisOperations } from '../eais/ledger';
import { logAction, type Actor } from './audit';
import { closeLocked } from './close-order';
import {
  awaitsPayment,
  isPaidOrder,
  MONEY_REFUSED,
  orderBecomes,
  ORDER_TRANSITIONS,
  paymentBecomes,
  refundBecomes,
} from './lifecycle';
import { lockOrder, type OrderRow } from '../../db/order-lock';
import { executeRefund } from './refund';
import { receiptPaidCounterOrder } from '../fiscal/sbp';
import { pushkinTicketsPaid } from '../pushkin';

export type PaidOutcome = 'paid' | 'already' | 'late-sold' | 'late-refunded' | 'missing';

/** Why the money may not buy the seats, told to the buyer (the refund's reason, the mail, the audit). */
export const MONEY_REFUSALS = {
  seatsTaken: 'Оплата пришла после окончания времени на оплату, а места уже заняты: оформлен возврат',
  orderCancelled: 'Оплата пришла после отмены заказа: оформлен возврат',
  sessionCancelled: 'Оплата пришла, когда сеанс уже был отменён: оформлен возврат',
  sessionStarted: 'Оплата пришла, когда сеанс уже начался: оформлен возврат',
} as const;

/**
 * Why the order may not be paid now, or nothing when it may (pretix's `_can_be_paid`): the session's
 * `canBeSold` first, then the order's own state (a cancelled order's money buys nothing).
 */
export function payRefusal(status: OrderStatus, session: SessionTimes, now: Date): string | undefined {
  const unsellable = canBeSold(session, now);
  if (unsellable) return isCancelled(session) ? MONEY_REFUSALS.sessionCancelled : MONEY_REFUSALS.sessionStarted;
  return status === orderBecomes('cancel') ? MONEY_REFUSALS.orderCancelled : undefined;
}

export async function markOrderPaid(
  ctx: AppContext,
  orderId: number,
  payment: ProviderPayment,
  actor: Actor,
): Promise<PaidOutcome> {
  const { payments, sessions } = schema;
  const outcome = await write(ctx, async (tx, changed) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { kind: 'missing' as const };
    const [attempt] = await tx
      .update(payments)
      .set({ status: paymentBecomes('succeed'), updatedAt: ctx.clock.now() })
      .where(and(eq(payments.orderId, orderId), eq(payments.providerPaymentId, payment.id)))
      .returning();
    if (isPaidOrder(order.status)) return { kind: 'already' as const };
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, order.sessionId)).for('share');
    const now = ctx.clock.now();
    const late = !awaitsPayment(order.status);
    const refusal = payRefusal(order.status, session!, now);
    const sold = refusal ? undefined : await sellLines(tx, order, late, now);
    if (!sold) {
      const reason = refusal ?? MONEY_REFUSALS.seatsTaken;
      // A pending order the money cannot buy ends here: its seats free on every map.
      if (!late) await closeLocked(tx, changed, order, { transition: 'cancel', actor, reason }, now);
      const [refund] = await tx
        .insert(schema.refunds)
        .values({
          orderId,
          ticketId: null,
          paymentId: attempt?.id ?? null,
          idempotenceKey: randomUUID(),
          status: refundBecomes('request'),
          amountKopecks: payment.amountKopecks,
          reason,
        })
        .returning({ id: schema.refunds.id });
      // Nothing to tell anyone yet: the buyer's mail waits for the provider's confirmation (refund.ts).
      await logAction(tx, orderId, MONEY_REFUSED.audit[0], actor, { reason, data: { payment_id: payment.id } });
      return { kind: 'late-refunded' as const, refundId: refund!.id };
    }
    await tx
      .update(schema.orders)
      .set({
        status: orderBecomes('pay'),
        paidAt: now,
        closedAt: null,
        // A Pushkin card payment: the bank's RRN, for the registry and ЕАИС.
        ...(order.paymentMethod === 'pushkin' ? { cardRrn: payment.rrn } : {}),
      })
      .where(eq(schema.orders.id, orderId));
    if (order.paymentMethod === 'pushkin') await pushkinTicketsPaid(tx, orderId, changed);
    const transition = late ? ORDER_TRANSITIONS.payLate : ORDER_TRANSITIONS.pay;
    await logAction(tx, orderId, transition.audit[0], actor, { data: { payment_id: payment.id } });
    changed({ ...changeOf(order, sold.ids, sold.seats), kind: 'paid' });
    return { kind: late ? ('late-sold' as const) : ('paid' as const) };
  });
  if (outcome.kind === 'late-refunded') await executeRefund(ctx, outcome.refundId);
  // SBP at the till: the cash register prints the receipt the provider did not.
  if (outcome.kind === 'paid' || outcome.kind === 'late-sold') await receiptPaidCounterOrder(ctx, orderId);
  return outcome.kind;
}

/**
 * The order's lines become sold tickets. For a late payment (lines released) this is tried in a
 * savepoint: the unique index on seats refuses it when any seat was taken meanwhile → undefined.
 */
async function sellLines(tx: Tx, order: OrderRow, late: boolean, paidAt: Date) {
  const { tickets } = schema;
  const from = ticketWas(late ? 'sellLate' : 'sell');
  const sell = async (db: Tx) => {
    const rows = await db
      .update(tickets)
      .set({ status: ticketBecomes('sell'), purchaseDate: paidAt })
      .where(and(eq(tickets.orderId, order.id), eq(tickets.status, from)))
      .returning({ id: tickets.id, seat: tickets.seatNumber });
    await recordEaisOperations(
      db,
      'sale',
      rows.map((r) => ({ ticketId: r.id, sessionId: order.sessionId })),
      paidAt,
    );
    return rows;
  };
  try {
    const rows = late ? await tx.transaction((savepoint) => sell(savepoint)) : await sell(tx);
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
