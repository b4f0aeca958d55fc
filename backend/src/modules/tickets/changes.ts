/**
 * What a ticket write changed, for the duties that run after its commit (free the seat in Redis,
 * push to the owner's pages, enqueue PDFs and mail). Plain data: the after-commit step may run
 * in another turn, or again, and reads the current rows where it needs them.
 */
import type { SeatCode } from '../../contract/seats';

interface TicketsChangeBase {
  what: 'tickets';
  sessionId: number;
  /** The owner of every ticket of the change. */
  userId: number;
  ticketIds: number[];
}

export interface TicketsSold extends TicketsChangeBase {
  kind: 'sold';
  seats: SeatCode[];
}

export interface TicketsRefunded extends TicketsChangeBase {
  kind: 'refunded';
  seats: SeatCode[];
}

export interface TicketsUsed extends TicketsChangeBase {
  kind: 'used';
}

export type TicketsChange = TicketsSold | TicketsRefunded | TicketsUsed;
