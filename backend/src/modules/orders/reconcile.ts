/**
 * Reconciliation (a repeated job): nothing waits on a notification that never came. Every round asks
 * the provider about
 *  - pending orders past their deadline (expire them, unless paid) and those waiting a while,
 *  - payments of orders that ended unpaid but may still be paid late (the provider keeps a pending
 *    card payment about an hour),
 *  - refunds that the provider has not answered yet (asked again with the same key) or not settled.
 * Each step is the same operation a notification or the buyer's page would run: safe to repeat.
 */
import { and, asc, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import { UNSETTLED_REFUND_STATUSES } from '../../contract/constants';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { errorFields } from '../../lib/infra/operator-messages';
import { expireOrder } from './expire-order';
import { refreshFromProvider } from './refresh';
import { applyProviderRefundById, executeRefund } from './refund';
import { MONEY_REFUSED, ORDER_TRANSITIONS, PAYMENT_MAY_SUCCEED, refundBecomes } from './lifecycle';

/** Orders and refunds younger than this are left to the notification that is surely on its way. */
const QUIET_MS = 2 * 60_000;
/** How long after its creation a payment can still succeed at the provider (with a margin). */
const PAYMENT_LIFETIME_MS = 2 * 3600_000;
const BATCH = 100;

export interface ReconcileReport {
  expired: number;
  checked: number;
  refunds: number;
  failures: number;
}

export async function reconcileOrders(ctx: AppContext, now: Date): Promise<ReconcileReport> {
  const { orders, payments, refunds } = schema;
  const report: ReconcileReport = { expired: 0, checked: 0, refunds: 0, failures: 0 };
  const quiet = new Date(now.getTime() - QUIET_MS);
  const attempt = async (what: Record<string, unknown>, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (err) {
      report.failures++;
      ctx.logger.warn({ ...errorFields(err), ...what }, 'reconciliation step failed');
    }
  };

  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, ORDER_TRANSITIONS.expire.from[0]), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  for (const { id } of due) {
    await attempt({ orderId: id }, async () => {
      if ((await expireOrder(ctx, id, now)) === 'expired') report.expired++;
    });
  }

  // Payments the provider may have settled without our hearing: of pending orders waiting a while,
  // and of orders that ended unpaid while their payment could still succeed.
  const open = await ctx.db
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.status, [...PAYMENT_MAY_SUCCEED]),
        lt(payments.createdAt, quiet),
        gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LIFETIME_MS)),
        inArray(orders.status, [...MONEY_REFUSED.from]),
      ),
    )
    .limit(BATCH);
  for (const { orderId } of open) {
    await attempt({ orderId }, async () => {
      await refreshFromProvider(ctx, orderId);
      report.checked++;
    });
  }

  const unsettled = await ctx.db
    .select({ id: refunds.id, status: refunds.status, providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .where(and(inArray(refunds.status, [...UNSETTLED_REFUND_STATUSES]), lt(refunds.createdAt, quiet)))
    .orderBy(asc(refunds.id))
    .limit(BATCH);
  for (const refund of unsettled) {
    await attempt({ refundId: refund.id }, async () => {
      if (refund.status === refundBecomes('request')) await executeRefund(ctx, refund.id);
      else if (refund.providerRefundId) {
        await applyProviderRefundById(ctx, refund.providerRefundId);
      }
      report.refunds++;
    });
  }
  return report;
}
