import { reconcileOrders } from '@kino/backend/modules/orders';
import { defineJob } from '../define-job';

/** Every minute and at start-up: what notifications did not bring, the provider is asked for. */
export default defineJob('orders.reconcile', async (_payload, { ctx, log }) => {
  const report = await reconcileOrders(ctx, ctx.clock.now());
  if (report.expired + report.checked + report.refunds + report.failures > 0) log.info(report, 'orders reconciled');
  return report;
});
