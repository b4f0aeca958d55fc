import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { SeatStore } from '../seats';
import { tillOrderOf } from './present';
import { printTillTickets } from './print';
import { refundAtCounter } from './refund-at-counter';
import { sellAtTill } from './sell';

export function tillRoutes(ctx: AppContext) {
  const deps = { store: new SeatStore(ctx) };
  return handlers({
    'POST /till/orders': ({ user, body }) => sellAtTill(ctx, deps, user, body),
    'GET /till/orders/:id': ({ user, params }) => tillOrderOf(ctx, params.id, user),
    'GET /till/orders/:id/tickets': async ({ params, query, res }) => {
      const { filename, bytes } = await printTillTickets(ctx, params.id, query.format);
      // The PDF carries the check-in codes: no shared cache keeps it.
      res.set('Cache-Control', 'private, no-store').type('application/pdf').attachment(filename).send(bytes);
    },
    'POST /till/refunds': ({ user, body }) => refundAtCounter(ctx, user, body),
  });
}
