/**
 * The ticket rules that more than one place reads, written once in TypeScript and in SQL: which
 * tickets occupy their seat (SEAT_OCCUPYING_TICKET_STATUSES: a pending order's lines and sold
 * tickets), which were sold, and which are paid and kept (the money that came and stayed). The unique
 * index on seats (db/schema/sales.ts) is built from the same list.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import {
  LIVE_TICKET_STATUS,
  type RefundStatus,
  SEAT_OCCUPYING_TICKET_STATUSES,
  SOLD_TICKET_STATUSES,
  type TicketStatus,
  UNSETTLED_REFUND_STATUSES,
} from '../../contract/constants';
import { schema } from '../../db';

const occupying: ReadonlySet<TicketStatus> = new Set(SEAT_OCCUPYING_TICKET_STATUSES);

/** Does a ticket in this state keep its seat from everyone else? */
export const occupiesSeat = (status: TicketStatus): boolean => occupying.has(status);

const sold: ReadonlySet<TicketStatus> = new Set(SOLD_TICKET_STATUSES);

/** Was the ticket sold (paid, and perhaps refunded since)? */
export const wasSold = (status: TicketStatus): boolean => sold.has(status);

const unsettled: ReadonlySet<RefundStatus> = new Set(UNSETTLED_REFUND_STATUSES);

/** A refund the provider has not settled: its ticket neither admits nor can be refunded again meanwhile. */
export const isUnsettled = (status: RefundStatus): boolean => unsettled.has(status);

/** Is the ticket paid and not refunded (it admits at the door, it may be refunded)? */
export const isLive = (status: TicketStatus): boolean => status === LIVE_TICKET_STATUS;

/** SQL: the ticket occupies its seat (for `where`). */
export const occupiesSeatSql = (status = schema.tickets.status): SQL =>
  inArray(status, [...SEAT_OCCUPYING_TICKET_STATUSES]);

/** SQL: the ticket was sold (the buyer's lists, the staff's tickets table). */
export const wasSoldSql = (status = schema.tickets.status): SQL => inArray(status, [...SOLD_TICKET_STATUSES]);

/** SQL: the ticket is paid and not refunded — what counts as revenue (a pending order's lines do not). */
export const isPaidSql = (status = schema.tickets.status): SQL => eq(status, LIVE_TICKET_STATUS);
