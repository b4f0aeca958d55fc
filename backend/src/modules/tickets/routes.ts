import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { checkInTicket } from './check-in';
import { downloadTicketPdf } from './download';
import { listOwnTickets, listOwnViewings } from './queries';
import { listStaffTickets } from './staff-list';

export function ticketRoutes(ctx: AppContext) {
  return handlers({
    'GET /tickets': ({ query }) => listStaffTickets(ctx, query),
    'GET /buying-ticket': ({ user }) => listOwnTickets(ctx, user.id),
    'GET /profile/watch': ({ user }) => listOwnViewings(ctx, user.id),
    'GET /tickets/:id/pdf': async ({ user, params, res }) => {
      const { filename, bytes } = await downloadTicketPdf(ctx, user, params.id);
      // The PDF carries the check-in code: no shared cache keeps it.
      res.set('Cache-Control', 'private, no-store').type('application/pdf').attachment(filename).send(bytes);
    },
    'POST /tickets/check-in': ({ body }) => checkInTicket(ctx, body.code, ctx.clock.now(), body.holder_id_checked),
  });
}
