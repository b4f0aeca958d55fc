/**
 * The application's own rows: the outbox of after-commit effects (docs/architecture.md, "Durable effects") and
 * the cinema's details, one row (docs/architecture.md, "The cinema's details").
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { TAXATION_SYSTEMS, type TaxationSystem } from '../../contract/cinema';
import { createdAt, updatedAt, inList } from './columns';
import { users } from './people';

/**
 * Durable after-commit effects (effects/outbox.ts): a write records what it changed here in its own
 * transaction; a dispatcher performs the duties and deletes the row. A crash in between leaves the
 * row for another process to take once its claim lapses.
 */
export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** What one transaction changed (effects/table.ts's Change list). */
  changes: jsonb('changes').notNull(),
  /** A dispatcher's claim; another may take the row after it. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  /** Dispatches tried; a row that keeps failing is given up after a few (and logged). */
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The cinema's details and legal entity (docs/architecture.md, "The cinema's details"): one row, or none
 * while a deployment is being set up. Lists (directions, social links, halls as visitors choose them) are
 * JSON arrays, checked by the contract's schema on the way in.
 */
export const cinemaSettings = pgTable(
  'cinema_settings',
  {
    /** Always 1: there is one cinema. */
    id: smallint('id').primaryKey().default(1),
    name: varchar('name', { length: 120 }).notNull(),
    shortName: varchar('short_name', { length: 40 }).notNull(),
    city: varchar('city', { length: 80 }).notNull(),
    streetAddress: varchar('street_address', { length: 200 }).notNull(),
    postalCode: varchar('postal_code', { length: 6 }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    /** 'HH:MM', the cinema's wall clock, every day. */
    opens: varchar('opens', { length: 5 }).notNull(),
    closes: varchar('closes', { length: 5 }).notNull(),
    directions: jsonb('directions').$type<string[]>().notNull().default([]),
    parking: text('parking').notNull().default(''),
    social: jsonb('social').$type<{ name: string; url: string }[]>().notNull().default([]),
    halls: jsonb('halls').$type<{ name: string; about: string }[]>().notNull().default([]),
    legalName: varchar('legal_name', { length: 200 }).notNull(),
    inn: varchar('inn', { length: 12 }).notNull(),
    ogrn: varchar('ogrn', { length: 15 }).notNull(),
    legalAddress: varchar('legal_address', { length: 300 }).notNull(),
    taxation: varchar('taxation', { length: 30 }).$type<TaxationSystem>().notNull(),
    updatedAt: updatedAt(),
    /** Who saved them last (null: the demo's seed). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('cinema_settings_one_row', sql`${t.id} = 1`),
    check('cinema_settings_inn_digits', sql`${t.inn} ~ '^([0-9]{10}|[0-9]{12})$'`),
    check('cinema_settings_ogrn_digits', sql`${t.ogrn} ~ '^([0-9]{13}|[0-9]{15})$'`),
    check('cinema_settings_latitude', sql`${t.latitude} between -90 and 90`),
    check('cinema_settings_longitude', sql`${t.longitude} between -180 and 180`),
    check('cinema_settings_taxation', inList('taxation', TAXATION_SYSTEMS)),
  ],
);
