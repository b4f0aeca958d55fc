import type { AppContext } from '../../context';
import { afterCommit } from '../../effects';
import { handlers } from '../../lib/api-router';
import { SeatStore } from '../../realtime/seat-store';
import { checkInTicket } from './check-in';
import { downloadTicketPdf } from './download';
import { purchaseTickets } from './purchase';
import { listOwnTickets, listOwnViewings } from './queries';
import { refundTicket } from './refund';
import { listStaffTickets } from './staff-list';

export function ticketRoutes(ctx: AppContext) {
  const deps = { store: new SeatStore(ctx) };
  return handlers({
    /** 201 with the tickets; 409 seat_taken, hold_expired, session_started, price_changed. */
    'POST /tickets/store': ({ user, body }) => purchaseTickets(ctx, deps, user, body),
    'GET /tickets': ({ query }) => listStaffTickets(ctx, query),
    'GET /buying-ticket': ({ user }) => listOwnTickets(ctx, user.id),
    'GET /profile/watch': ({ user }) => listOwnViewings(ctx, user.id),
    'GET /tickets/:id/pdf': async ({ user, params, res }) => {
      const { filename, bytes } = await downloadTicketPdf(ctx, user, params.id);
      // The PDF carries the check-in code: no shared cache keeps it.
      res.set('Cache-Control', 'private, no-store').type('application/pdf').attachment(filename).send(bytes);
    },
    'POST /tickets/:id/refund': async ({ user, params }) => {
      const { ticket, change } = await refundTicket(ctx, user.id, params.id, new Date());
      await afterCommit(ctx, [change]);
      return ticket;
    },
    'POST /tickets/check-in': async ({ body }) => {
      const { result, change } = await checkInTicket(ctx, body.code, new Date());
      await afterCommit(ctx, [change]);
      return result;
    },
  });
}
