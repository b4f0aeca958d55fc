/**
 * ЕАИС (docs/architecture.md, "Sessions change and ЕАИС"): the delivery ledger, one row per ticket sold and per
 * refund, and the files delivered, one per session.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  EAIS_OPERATIONS,
  EAIS_REPORT_STATUSES,
  type EaisOperation,
  type EaisReportStatus,
} from '../../contract/constants';
import { createdAt, inList } from './columns';
import { sessions } from './sessions';
import { tickets } from './sales';

/**
 * One delivery to ЕАИС (modules/eais): one session's file, formed once from its ledger rows and sent until ЕАИС
 * says it took it. The file (name and body) is kept, so a retry after a lost reply sends the very same file.
 */
export const eaisReports = pgTable(
  'eais_reports',
  {
    id: serial('id').primaryKey(),
    /** pending: formed, not yet sent or its reply lost; failed: ЕАИС answered with an error; delivered: accepted. */
    status: varchar('status', { length: 20 }).$type<EaisReportStatus>().notNull(),
    /** The session whose sales and refunds the file carries (one file per session). */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    /** Where it went: 'http' (EAIS_URL) or 'file' (DATA_DIR/eais/). */
    destination: varchar('destination', { length: 10 }).notNull(),
    /** The file's name (ekb_<org_id>_<YYYYMMDD>_<HHMMSSmmm>.xml), the same on every attempt. */
    fileName: text('file_name').notNull(),
    /** The XML sent, byte for byte the same on every attempt. */
    body: text('body').notNull(),
    sales: integer('sales').notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** ЕАИС's last reply (its body), or why there was none. */
    reply: text('reply'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('eais_reports_status_valid', inList('status', EAIS_REPORT_STATUSES)),
    uniqueIndex('eais_reports_file_name_unique').on(t.fileName),
    index('eais_reports_created_idx').on(t.createdAt),
    index('eais_reports_session_idx').on(t.sessionId, t.createdAt),
    index('eais_reports_undelivered_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'delivered'`),
  ],
);

/**
 * The ЕАИС delivery ledger: one row per ticket sale and one per refund, written in the sale's or refund's own
 * transaction (modules/eais/ledger.ts). A row joins a delivery when its file is formed and is delivered when that
 * delivery is: never twice (one row per ticket and operation, one delivery per row), never skipped.
 */
export const eaisLedger = pgTable(
  'eais_ledger',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    operation: varchar('operation', { length: 10 }).$type<EaisOperation>().notNull(),
    /** When it was sold or refunded: the form's sale_date. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    reportId: integer('report_id').references(() => eaisReports.id, { onDelete: 'restrict' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('eais_ledger_operation_valid', inList('operation', EAIS_OPERATIONS)),
    check('eais_ledger_delivered_in_report', sql`${t.deliveredAt} is null or ${t.reportId} is not null`),
    uniqueIndex('eais_ledger_ticket_operation_unique').on(t.ticketId, t.operation),
    index('eais_ledger_report_idx').on(t.reportId),
    /** The delivery job's way in: rows not yet in any file. */
    index('eais_ledger_unassigned_idx')
      .on(t.sessionId, t.id)
      .where(sql`${t.reportId} is null`),
    /** The dashboard's: rows not yet delivered. */
    index('eais_ledger_undelivered_idx')
      .on(t.occurredAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
