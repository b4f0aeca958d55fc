/**
 * Prices (docs/architecture.md, "Prices and halls"): ticket types, price cards (a price per zone and ticket
 * type) and the rules that suggest a session's card by weekday and time of day. `quote()` in contract/quote.ts
 * makes every price from them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { TICKET_TYPE_RULES, type TicketTypeRule } from '../../contract/constants';
import { createdAt, inList } from './columns';
import { seatZones } from './halls';

/** Ticket types (Взрослый, Детский, Студенческий, Пенсионный): how each makes its price from the zone's. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    /** full: the zone's price; percent: `value` % off it; fixed: `value` kopecks, whatever the zone. */
    rule: varchar('rule', { length: 10 }).$type<TicketTypeRule>().notNull(),
    value: integer('value').notNull().default(0),
    /** 'Покажите документ на входе': the door checks a document for this type. */
    checkDocument: boolean('check_document').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('ticket_types_code_format', sql.raw(`code ~ '^[a-z][a-z0-9-]{0,19}$'`)),
    check('ticket_types_rule_valid', inList('rule', TICKET_TYPE_RULES)),
    check(
      'ticket_types_value_fits',
      sql`(${t.rule} = 'full' and ${t.value} = 0) or (${t.rule} = 'percent' and ${t.value} between 1 and 100) or (${t.rule} = 'fixed' and ${t.value} > 0)`,
    ),
  ],
);

/** A price card: the adult price of each zone (whole roubles), and optional prices per zone and type. */
export const priceCards = pgTable(
  'price_cards',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('price_cards_name_unique').on(t.name)],
);

/**
 * One cell of a card: a zone's price for a ticket type, kopecks. The adult cell of a zone is the
 * zone's price; other types' cells are optional (absent → the type's rule applied to the adult price).
 */
export const priceCardPrices = pgTable(
  'price_card_prices',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => priceCards.id, { onDelete: 'cascade' }),
    zoneCode: varchar('zone_code', { length: 20 })
      .notNull()
      .references(() => seatZones.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    ticketTypeCode: varchar('ticket_type_code', { length: 20 })
      .notNull()
      .references(() => ticketTypes.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    priceKopecks: integer('price_kopecks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.zoneCode, t.ticketTypeCode] }),
    check('price_card_prices_positive', sql`${t.priceKopecks} > 0`),
  ],
);

/** Rules that suggest a session's card by weekday and time of day (first by position wins). */
export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    /** Days it applies, a bit per weekday: 1 Monday … 64 Sunday. */
    weekdays: smallint('weekdays').notNull(),
    /** Cinema wall-clock 'HH:MM', from inclusive, until exclusive. */
    fromTime: varchar('from_time', { length: 5 }).notNull(),
    untilTime: varchar('until_time', { length: 5 }).notNull(),
    cardId: integer('card_id')
      .notNull()
      .references(() => priceCards.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('price_rules_weekdays_valid', sql`${t.weekdays} between 1 and 127`),
    check(
      'price_rules_times_format',
      sql.raw(`from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and until_time ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$'`),
    ),
    check('price_rules_times_ordered', sql`${t.fromTime} < ${t.untilTime}`),
  ],
);
