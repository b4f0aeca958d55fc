import { expireOrder } from '@kino/backend/modules/orders';
import { defineJob } from '../define-job';

/**
 * At an order's payment deadline. When the provider cannot be asked, the job fails and is retried
 * (and the reconciliation sweep comes by): an order is never expired without the provider's word.
 */
export default defineJob('orders.expire', async ({ orderId }, { ctx, log }) => {
  const outcome = await expireOrder(ctx, orderId, ctx.clock.now());
  if (outcome === 'expired') log.info({ orderId }, 'order expired unpaid');
  return { outcome };
});
