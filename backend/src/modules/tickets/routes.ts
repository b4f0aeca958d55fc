import { Router } from 'express';
import { TicketStoreBodySchema } from '../../contract/tickets';
import type { AppContext } from '../../context';
import { endpoint } from '../../lib/validate';
import { createEmitter, SeatBroadcaster } from '../../realtime/broadcast';
import { SeatStore } from '../../realtime/seat-store';
import { requireUser, signedInUser } from '../auth/guard';
import { purchaseTickets } from './purchase';

export function ticketRoutes(ctx: AppContext): Router {
  const router = Router();
  const deps = { store: new SeatStore(ctx), broadcaster: new SeatBroadcaster(createEmitter(ctx)) };

  /** POST /api/tickets/store: 201 with the tickets; 409 seat_taken, hold_expired, session_started, price_changed. */
  router.post(
    '/tickets/store',
    requireUser,
    endpoint(
      { body: TicketStoreBodySchema },
      ({ body }, _req, res) => purchaseTickets(ctx, deps, signedInUser(res), body),
      201,
    ),
  );
  return router;
}
