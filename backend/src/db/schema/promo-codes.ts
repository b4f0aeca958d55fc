/**
 * Promo codes (docs/architecture.md, "Prices and halls"): a percentage or an amount off, for a period, with
 * limits, perhaps for some films or sessions only.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { PROMO_KINDS, type PromoKind } from '../../contract/constants';
import { createdAt, inList } from './columns';
import { films } from './catalog';
import { sessions } from './sessions';

/** Promo codes: a percentage or an amount off, for a period, with limits, perhaps for some films or sessions only. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; buyers may type it in any case. */
    code: varchar('code', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 10 }).$type<PromoKind>().notNull(),
    /** percent: 1–100; amount: kopecks off the order. */
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** Orders it may be used in, in all (null: no limit). */
    totalLimit: integer('total_limit'),
    /** Orders one buyer may use it in (null: no limit). */
    perBuyerLimit: integer('per_buyer_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    check('promo_codes_code_format', sql.raw(`code ~ '^[A-Z0-9-]{3,32}$'`)),
    check('promo_codes_kind_valid', inList('kind', PROMO_KINDS)),
    check(
      'promo_codes_value_fits',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} > 0)`,
    ),
    check('promo_codes_period_ordered', sql`${t.validUntil} > ${t.validFrom}`),
    check('promo_codes_limits_positive', sql`coalesce(${t.totalLimit}, 1) > 0 and coalesce(${t.perBuyerLimit}, 1) > 0`),
  ],
);

/** The films a promo code is for (none listed: every film, unless it names sessions). */
export const promoCodeFilms = pgTable(
  'promo_code_films',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.filmId] })],
);

/** The sessions a promo code is for (none listed: every session of its films). */
export const promoCodeSessions = pgTable(
  'promo_code_sessions',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.sessionId] })],
);
