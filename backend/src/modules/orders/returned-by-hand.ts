/**
 * A payment that bought nothing goes back through the provider as a whole (mark-paid.ts); when the
 * provider refuses that refund, staff must return the money by hand (MANUAL_REFUND_LABEL), and say so
 * here once they have (RETURNED_BY_HAND_LABEL): who and when are kept on the refund, the audit trail
 * gets 'refund_returned_by_hand', and the order leaves the orders list's filter and the dashboard's count.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { StaffOrder } from '../../contract/orders';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { conflict, notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import { logAction } from './audit';
import { isRefusedRefund, refundBecomes } from './lifecycle';
import { lockOrder } from '../../db/order-lock';
import { staffOrder } from './queries';

const { refunds } = schema;

type WholeRefund = Pick<typeof refunds.$inferSelect, 'id' | 'ticketId' | 'status' | 'resolvedAt' | 'resolvedBy'>;

/** The latest refund of a whole payment (no ticket): the one the flag is about. */
const latestWhole = <R extends WholeRefund>(list: readonly R[]): R | undefined =>
  list.filter((r) => r.ticketId === null).toSorted((a, b) => b.id - a.id)[0];

/** The provider refused the latest refund of the whole payment, and no one has returned it by hand yet. */
export const needsManualRefund = (list: readonly WholeRefund[]): boolean => {
  const whole = latestWhole(list);
  return whole !== undefined && isRefusedRefund(whole.status) && whole.resolvedAt === null;
};

/** Who returned it by hand and when, for the staff's order page. */
export function presentReturnedByHand(
  list: readonly WholeRefund[],
  resolvers: ReadonlyMap<number, string>,
): StaffOrder['returned_by_hand'] {
  const whole = latestWhole(list);
  if (!whole?.resolvedAt) return null;
  return {
    by: whole.resolvedBy === null ? null : (resolvers.get(whole.resolvedBy) ?? null),
    at: toCinemaTime(whole.resolvedAt),
  };
}

/** The same rule in SQL, for the orders table's column and filter and the dashboard's count. */
export const needsManualRefundSql = (orderId: SQL | typeof schema.orders.id): SQL<boolean> =>
  sql<boolean>`coalesce((select ${refunds.status} = ${refundBecomes('refuse')} and ${refunds.resolvedAt} is null from ${refunds} where ${refunds.orderId} = ${orderId} and ${refunds.ticketId} is null order by ${refunds.id} desc limit 1), false)`;

/** POST /api/orders/:id/returned-by-hand: staff say the money went back by hand. */
export async function markReturnedByHand(ctx: AppContext, orderId: number, staff: AuthUser): Promise<StaffOrder> {
  await write(ctx, async (tx, changed) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Заказ не найден');
    const list = await tx.select().from(refunds).where(eq(refunds.orderId, orderId));
    const whole = latestWhole(list);
    if (!whole || !needsManualRefund(list))
      throw conflict('order_closed', 'По заказу нет отклонённого возврата, который нужно вернуть вручную');
    await tx
      .update(refunds)
      .set({ resolvedBy: staff.id, resolvedAt: ctx.clock.now() })
      .where(and(eq(refunds.id, whole.id), isNull(refunds.resolvedAt)));
    await logAction(
      tx,
      orderId,
      'refund_returned_by_hand',
      { userId: staff.id, channel: order.channel },
      {
        data: { refund_id: whole.id },
      },
    );
    changed({
      what: 'orders',
      kind: 'returned-by-hand',
      orderId,
      userId: order.userId,
      sessionId: order.sessionId,
      ticketIds: [],
      seats: [],
    });
  });
  return staffOrder(ctx, orderId);
}
