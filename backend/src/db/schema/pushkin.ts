/**
 * The Pushkin card (docs/architecture.md, "The Pushkin card"): a ticket paid with it, its holder, and its record
 * in the ticket registry.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { PUSHKIN_TICKET_STATUSES, type PushkinTicketStatus } from '../../contract/constants';
import { createdAt, inList } from './columns';
import { sessions } from './sessions';
import { orders, tickets } from './sales';

/**
 * A ticket paid with the Pushkin card (modules/pushkin, REGISTRIES.md §2): its holder (the ticket is personal)
 * and its record in the ticket registry — registered after the payment, refunded and visited there by jobs.
 */
export const pushkinTickets = pgTable(
  'pushkin_tickets',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    /** The film's Pro.Культура event at the sale. */
    eventId: varchar('event_id', { length: 40 }).notNull(),
    /** The holder's full name and mobile phone (10 digits, no +7), as in their Госуслуги.Культура profile. */
    visitorName: varchar('visitor_name', { length: 255 }).notNull(),
    visitorPhone: varchar('visitor_phone', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }).$type<PushkinTicketStatus>().notNull(),
    /** The registry's id of the ticket (a UUID); null until registered (or when its answer was lost). */
    registryId: varchar('registry_id', { length: 64 }),
    /** The registry's refusal (code and description) or the last failure. */
    error: text('error'),
    /** Registration attempts made (a retry asks the registry by barcode first: a lost answer is never a second ticket). */
    attempts: integer('attempts').notNull().default(0),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    refundReportedAt: timestamp('refund_reported_at', { withTimezone: true }),
    visitReportedAt: timestamp('visit_reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('pushkin_tickets_status_valid', inList('status', PUSHKIN_TICKET_STATUSES)),
    check('pushkin_tickets_phone_digits', sql`${t.visitorPhone} ~ '^[0-9]{10}$'`),
    index('pushkin_tickets_session_phone_idx').on(t.sessionId, t.visitorPhone),
    index('pushkin_tickets_order_idx').on(t.orderId),
    index('pushkin_tickets_refused_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'refused'`),
  ],
);
