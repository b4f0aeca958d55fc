/**
 * Everything the server pushes over Socket.IO, typed once: seat maps (session rooms, seats.ts) and
 * the people rooms — `user:<id>` (a person's own pages) and `staff` (the back office). API
 * processes emit through their io, workers and HTTP writes through the Redis emitter.
 */
import type { ImportProgressEvent } from './film-import';
import type { OrderView } from './orders';
import type { SeatServerEvents } from './seats';
import type { TicketsChanged } from './tickets';

export interface PersonServerEvents {
  /** Staff room: something the dashboard counts changed; the dashboard fetches its counts again. */
  'dashboard:changed': () => void;
  /**
   * Staff room: tickets were sold or refunded (website or till) for sessions on these show dates ('YYYY-MM-DD',
   * the cinema's calendar, as the reports count them): an open report whose period covers one asks again.
   */
  'sales:changed': (change: { dates: string[] }) => void;
  /** User room: the person's tickets changed (sold, refunded, admitted, watching state), with their new state. */
  'tickets:changed': (change: TicketsChanged) => void;
  /**
   * User room: one of the person's orders changed (paid, declined, expired, refunded late): its page
   * asks again — unless the push carries the order as its buyer now sees it (`order`: once paid, with
   * its tickets), which the page shows as it is.
   */
  'orders:changed': (change: { id: number; order?: OrderView }) => void;
  /** User room: the account changed (its role): the page checks the session again. */
  'account:changed': () => void;
  /** User room: how far the person's running Kinopoisk import has got (the import answers when done). */
  'film-import:progress': (progress: ImportProgressEvent) => void;
}

export type ServerEvents = SeatServerEvents & PersonServerEvents;
