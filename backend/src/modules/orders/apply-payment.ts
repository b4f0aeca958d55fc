/**
 * Acts on what the provider says of a payment — fetched from the provider, never taken from a
 * notification's body. Succeeded: the order is paid (or, if it expired meanwhile, the late-payment
 * rule). Cancelled: a pending order is cancelled and its seats free, with the reason in Russian.
 * Anything else: the payment is still in the buyer's hands; nothing to do yet.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import type { ProviderPayment } from '../../payments/provider';
import { type Actor, WEB_SYSTEM } from './audit';
import { closeOrder } from './close-order';
import { declineMessage } from './decline';
import { cancelAttempt, PAYMENT_TRANSITIONS } from './lifecycle';
import { markOrderPaid } from './mark-paid';

/** Our record of the provider's payment: by its id, or — when we died before storing it — by the order it names. */
async function findAttempt(ctx: AppContext, payment: ProviderPayment, provider: string) {
  const { payments } = schema;
  const [byId] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, payment.id)));
  if (byId || payment.orderId === null) return byId;
  const [unanswered] = await ctx.db
    .update(payments)
    .set({ providerPaymentId: payment.id, status: payment.status, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(payments.orderId, payment.orderId),
        eq(payments.provider, provider),
        eq(payments.status, PAYMENT_TRANSITIONS.answer.from[0]),
        or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, payment.id)),
      ),
    )
    .returning();
  return unanswered;
}

export type AppliedOutcome = Awaited<ReturnType<typeof markOrderPaid>> | 'cancelled' | 'waiting' | 'unknown';

export async function applyProviderPayment(
  ctx: AppContext,
  payment: ProviderPayment,
  actor: Actor = WEB_SYSTEM,
  /** The shop it was read from (payments.provider): YooKassa's first shop unless told. */
  provider: string = ctx.payments.name,
): Promise<AppliedOutcome> {
  const attempt = await findAttempt(ctx, payment, provider);
  if (!attempt) {
    ctx.logger.warn({ paymentId: payment.id, orderId: payment.orderId }, 'provider payment of no order of ours');
    return 'unknown';
  }
  switch (payment.status) {
    case PAYMENT_TRANSITIONS.succeed.to:
      return markOrderPaid(ctx, attempt.orderId, payment, actor);
    case PAYMENT_TRANSITIONS.cancel.to: {
      const decline = {
        party: payment.cancellation?.party ?? 'yoo_kassa',
        reason: payment.cancellation?.reason ?? 'general_decline',
      };
      await cancelAttempt(ctx.db, attempt.id, ctx.clock.now(), decline);
      await closeOrder(ctx, attempt.orderId, {
        transition: 'cancel',
        actor,
        reason: declineMessage(decline.reason),
        decline,
      });
      return 'cancelled';
    }
    default:
      if (attempt.status === PAYMENT_TRANSITIONS.answer.from[0]) {
        await ctx.db
          .update(schema.payments)
          .set({ status: payment.status, updatedAt: ctx.clock.now() })
          .where(eq(schema.payments.id, attempt.id));
      }
      return 'waiting';
  }
}
