/**
 * What a ticket write changed, for the duties that run after its commit (free the seat in Redis,
 * push to the owner's pages, enqueue PDFs and mail). Sales are order changes (changes/orders.ts).
 * Plain data: the after-commit step may run in another turn, or again, and reads the current rows.
 */
import type { SeatCode } from '../../contract/seats';

interface TicketsChangeBase {
  what: 'tickets';
  sessionId: number;
  /** The owner of every ticket of the change; null for a walk-in's tickets sold at the till. */
  userId: number | null;
  ticketIds: number[];
}

export interface TicketsRefunded extends TicketsChangeBase {
  kind: 'refunded';
  seats: SeatCode[];
}

export interface TicketsUsed extends TicketsChangeBase {
  kind: 'used';
}

export type TicketsChange = TicketsRefunded | TicketsUsed;
