/**
 * An order whose payment deadline passed: the provider is asked first — a payment that succeeded is
 * confirmed, never expired — and only then is the order given up and its seats freed. When the
 * provider cannot be asked, nothing is decided (the job is retried, the sweep comes again). A card
 * payment may still succeed later (it lives about an hour at the provider): mark-paid's late rule.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { WEB_SYSTEM } from './audit';
import { closeOrder } from './close-order';
import { awaitsPayment, orderBecomes } from './lifecycle';
import { refreshFromProvider } from './refresh';

export type ExpiryOutcome = 'expired' | 'not-due' | 'settled';

export async function expireOrder(ctx: AppContext, orderId: number, now: Date): Promise<ExpiryOutcome> {
  const order = await ctx.db.query.orders.findFirst({ where: eq(schema.orders.id, orderId) });
  if (!order || !awaitsPayment(order.status)) return 'settled';
  if (order.expiresAt > now) return 'not-due';
  await refreshFromProvider(ctx, orderId);
  const closed = await closeOrder(ctx, orderId, {
    transition: 'expire',
    actor: WEB_SYSTEM,
    reason: 'Время на оплату истекло',
  });
  return closed?.status === orderBecomes('expire') ? 'expired' : 'settled';
}
