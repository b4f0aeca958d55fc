/**
 * The buyer gives up their pending order (to choose other seats, or not to buy). The provider is
 * asked first: money that has come makes the order paid instead (409 order_paid). A payment the
 * buyer completes after cancelling is the late-payment case (mark-paid.ts).
 */
import { eq } from 'drizzle-orm';
import type { OrderView } from '../../contract/orders';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict, notFound, unavailable } from '../../lib/http/errors';
import { ProviderError } from '../../payments/provider';
import type { AuthUser } from '../../lib/http/auth-user';
import { closeOrder } from './close-order';
import { awaitsPayment, isPaidOrder } from './lifecycle';
import { viewOrder } from './queries';
import { refreshFromProvider } from './refresh';

export async function cancelByBuyer(ctx: AppContext, orderId: number, buyer: AuthUser): Promise<OrderView> {
  const order = await ctx.db.query.orders.findFirst({ where: eq(schema.orders.id, orderId) });
  if (!order || order.userId !== buyer.id) throw notFound('Заказ не найден');
  const actor = { userId: buyer.id, channel: order.channel };
  if (awaitsPayment(order.status)) {
    try {
      await refreshFromProvider(ctx, orderId, actor);
    } catch (err) {
      if (err instanceof ProviderError)
        throw unavailable('Не удалось узнать у платёжного сервиса, прошла ли оплата. Попробуйте через минуту');
      throw err;
    }
    await closeOrder(ctx, orderId, { transition: 'cancel', actor, reason: 'Покупатель отменил заказ' });
  }
  const view = await viewOrder(ctx, orderId, buyer);
  if (isPaidOrder(view.status))
    throw conflict('order_paid', 'Заказ уже оплачен: билеты можно вернуть в профиле', { order: view.id });
  return view;
}
