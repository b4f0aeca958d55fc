/**
 * Asks the provider how an order's payment stands and acts on the answer (apply-payment.ts). Used
 * wherever the provider's word must come before a decision: before an order expires or is cancelled
 * by its buyer, when the buyer's page polls, and by reconciliation when notifications were lost.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { applyProviderPayment, type AppliedOutcome } from './apply-payment';
import type { Actor } from './audit';

/** 'none' when the order has no payment the provider knows of. Throws ProviderError when it cannot be asked. */
export async function refreshFromProvider(
  ctx: AppContext,
  orderId: number,
  actor?: Actor,
): Promise<AppliedOutcome | 'none'> {
  const { payments } = schema;
  const [attempt] = await ctx.db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.providerPaymentId)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!attempt?.providerPaymentId) return 'none';
  const payment = await ctx.payments.getPayment(attempt.providerPaymentId);
  return applyProviderPayment(ctx, payment, actor);
}

/** At most one provider question per order in this long, however often its page polls. */
const POLL_EVERY_MS = 3000;

/** The buyer's page polls: ask the provider now and then while the order is pending (never fails the page). */
export async function pollProvider(ctx: AppContext, orderId: number): Promise<void> {
  const first = await ctx.redis.set(ctx.keys.of('orders', 'polled', orderId), '1', 'PX', POLL_EVERY_MS, 'NX');
  if (first !== 'OK') return;
  await refreshFromProvider(ctx, orderId).catch((err: unknown) =>
    ctx.logger.warn({ err: (err as Error).message, orderId }, 'order poll could not ask the provider'),
  );
}
