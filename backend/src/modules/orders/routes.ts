import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { SeatStore } from '../seats';
import { cancelByBuyer } from './cancel-order';
import { createWebOrder } from './create-order';
import { notificationHandler } from './notifications';
import { awaitsPayment } from './lifecycle';
import { listStaffOrders, staffOrder, viewOrder } from './queries';
import { pollProvider } from './refresh';
import { markReturnedByHand } from './returned-by-hand';
import { refundByStaff } from './staff-refund';
import { refundOwnTicket } from './ticket-refund';

export function orderRoutes(ctx: AppContext) {
  const deps = { store: new SeatStore(ctx) };
  const notify = notificationHandler(ctx);
  return handlers({
    'POST /tickets/store': ({ user, body }) => createWebOrder(ctx, deps, user, body),
    /** While pending, the page's polling also asks the provider now and then (lost notifications). */
    'GET /orders/:id': async ({ user, params }) => {
      const order = await viewOrder(ctx, params.id, user);
      if (!awaitsPayment(order.status) || order.confirmation_url === null) return order;
      await pollProvider(ctx, params.id);
      return viewOrder(ctx, params.id, user);
    },
    'POST /orders/:id/cancel': ({ user, params }) => cancelByBuyer(ctx, params.id, user),
    'GET /orders': ({ query }) => listStaffOrders(ctx, query),
    'GET /orders/:id/details': ({ params }) => staffOrder(ctx, params.id),
    'POST /orders/:id/refund': ({ user, params, body }) => refundByStaff(ctx, params.id, user, body),
    /** A viewer gives back one ticket of an order: the order's money flow (ticket-refund.ts). */
    'POST /tickets/:id/refund': ({ user, params }) => refundOwnTicket(ctx, user.id, params.id, ctx.clock.now()),
    'POST /orders/:id/returned-by-hand': ({ user, params }) => markReturnedByHand(ctx, params.id, user),
    'POST /payments/yookassa/notifications': ({ req, body }) => notify(req.ip, body),
  });
}
