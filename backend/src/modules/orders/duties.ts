/**
 * Order duties the effects table (effects/table.ts) runs after a commit and that need more than an
 * event: the buyer's open order pages sent the order as the buyer now sees it (once paid, with its
 * tickets), so that a page shows them without a read of its own.
 */
import type { AppContext } from '../../context';
import { errorFields } from '../../lib/infra/operator-messages';
import { emitterFor } from '../../realtime/emitter';
import { userRoom } from '../../realtime/rooms';
import { viewOrder } from './queries';

export async function pushOrderView(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'redis' | 'keys' | 'logger'>,
  orderId: number,
  userId: number,
): Promise<void> {
  const emitter = emitterFor(ctx).to(userRoom(userId));
  // The buyer's own view (the user room is theirs alone): what GET /api/orders/{id} answers them.
  const order = await viewOrder(ctx, orderId, { id: userId, role: 'customer' }).catch((err: unknown) => {
    ctx.logger.warn({ ...errorFields(err), orderId }, 'order push without the order: its page asks for it');
    return undefined;
  });
  emitter.emit('orders:changed', order ? { id: orderId, order } : { id: orderId });
}
