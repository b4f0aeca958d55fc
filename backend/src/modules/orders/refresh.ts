/**
 * Asks the provider how an order's payment stands and acts on the answer (apply-payment.ts). Used
 * wherever the provider's word must come before a decision: before an order expires or is cancelled
 * by its buyer, when the buyer's page polls, and by reconciliation when notifications were lost.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { ProviderError } from '../../payments/provider';
import { applyProviderPayment, type AppliedOutcome } from './apply-payment';
import { type Actor, WEB_SYSTEM } from './audit';
import { closeOrder } from './close-order';
import { cancelAttempt } from './lifecycle';
import { providerNamed } from './providers';

/** Why an order ends whose payment the provider does not know (for the audit trail). */
const UNKNOWN_PAYMENT_REASON = 'Платёжный сервис не знает платежа заказа: деньги по нему списать нельзя';

/**
 * 'none' when the order has no payment the provider knows of (none was made, or the provider answers
 * 404 for it: the demo's emulator restarted, say — the order is then cancelled). Throws ProviderError
 * when the provider cannot be asked.
 */
export async function refreshFromProvider(
  ctx: AppContext,
  orderId: number,
  actor: Actor = WEB_SYSTEM,
): Promise<AppliedOutcome | 'none'> {
  const { payments } = schema;
  const [attempt] = await ctx.db
    .select({ id: payments.id, provider: payments.provider, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.providerPaymentId)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!attempt?.providerPaymentId) return 'none';
  try {
    return await applyProviderPayment(
      ctx,
      await providerNamed(ctx, attempt.provider).getPayment(attempt.providerPaymentId),
      actor,
      attempt.provider,
    );
  } catch (err) {
    if (!(err instanceof ProviderError && err.kind === 'refused' && err.details.status === 404)) throw err;
    // A payment the provider does not know can take no money: it is over, and so is a pending order.
    ctx.logger.warn(
      { orderId, paymentId: attempt.providerPaymentId },
      'the provider does not know the order’s payment',
    );
    await cancelAttempt(ctx.db, attempt.id, ctx.clock.now(), { party: 'yoo_kassa', reason: 'not_found' });
    await closeOrder(ctx, orderId, { transition: 'cancel', actor, reason: UNKNOWN_PAYMENT_REASON });
    return 'none';
  }
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
