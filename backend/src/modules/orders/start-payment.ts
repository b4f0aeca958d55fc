/**
 * Asks the provider for the order's payment, with the idempotence key stored before the call (the
 * client repeats it on a timeout or a 5xx, so one order never becomes two payments). When the
 * provider cannot be reached or refuses, the order is cancelled and its seats are free again: the
 * buyer never saw a payment page, so no money can be on its way.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { unavailable } from '../../lib/http/errors';
import { errorFields } from '../../lib/infra/operator-messages';
import { ProviderError } from '../../payments/provider';
import { logAction, WEB_SYSTEM } from './audit';
import { closeOrder } from './close-order';
import { cancelAttempt } from './lifecycle';
import { providerNamed } from './providers';
import { paymentDescription, receiptFor } from './receipt';

export async function startPayment(ctx: AppContext, orderId: number, paymentId: number): Promise<void> {
  const order = await ctx.db.query.orders.findFirst({
    where: eq(schema.orders.id, orderId),
    with: { session: { with: { film: true } }, tickets: true, payments: { where: eq(schema.payments.id, paymentId) } },
  });
  const attempt = order?.payments[0];
  if (!order || !attempt) throw new Error(`order ${orderId} or its payment ${paymentId} is gone`);
  try {
    const payment = await providerNamed(ctx, attempt.provider).createPayment({
      orderId,
      amountKopecks: attempt.amountKopecks,
      description: paymentDescription(orderId, order.session, order.tickets.length),
      returnUrl: `${ctx.config.publicUrl}/orders/${orderId}`,
      // SBP at the counter: the cash register prints the receipt once it is paid (modules/fiscal/sbp.ts).
      ...(order.paymentMethod === 'sbp'
        ? { receipt: null, method: 'sbp' as const }
        : { receipt: receiptFor(order.email ?? '', order.session, order.tickets) }),
      idempotenceKey: attempt.idempotenceKey,
    });
    await write(ctx, async (tx) => {
      await tx
        .update(schema.payments)
        .set({
          providerPaymentId: payment.id,
          status: payment.status,
          confirmationUrl: payment.confirmationUrl,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(schema.payments.id, paymentId));
      await logAction(tx, orderId, 'payment_created', WEB_SYSTEM, { data: { payment_id: payment.id } });
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    ctx.logger.warn({ ...errorFields(err), orderId, details: err.details }, 'payment could not be created');
    // Never created at the provider: the cinema (the merchant) gave the attempt up.
    await cancelAttempt(ctx.db, paymentId, ctx.clock.now(), {
      party: 'merchant',
      reason: err.kind === 'refused' ? 'refused' : 'unavailable',
    });
    await closeOrder(ctx, orderId, {
      transition: 'cancel',
      actor: WEB_SYSTEM,
      reason: `Платёжный сервис ${err.kind === 'refused' ? 'отказал' : 'недоступен'}: ${err.message}`,
    });
    throw unavailable('Платёжный сервис сейчас недоступен. Места освобождены — попробуйте ещё раз через минуту');
  }
}
