/**
 * Sessions, the specification's schedule (docs/product.md §3): a film in a hall at a time, with its price card,
 * its accessibility flags and, once cancelled, why (docs/architecture.md, "Sessions change and ЕАИС",
 * "Cancelling a session").
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { films } from './catalog';
import { halls } from './halls';
import { priceCards } from './prices';

/** A screening (SPEC's schedule): a film in a hall at a time, at one price per seat in roubles. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'restrict' }),
    hallId: integer('hall_id')
      .notNull()
      .references(() => halls.id, { onDelete: 'restrict' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** SPEC's price: the standard zone's adult price, whole roubles (the card's, when it has one). */
    price: integer('price').notNull(),
    /** The session's prices by zone and ticket type; null: every zone at `price`. */
    priceCardId: integer('price_card_id').references(() => priceCards.id, { onDelete: 'restrict' }),
    /** When it was cancelled (every ticket refunded by its channel); a cancelled session leaves the bill. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Shown with subtitles for the deaf and hard of hearing (Минкультуры's rules: REGISTRIES.md §4.3). */
    subtitles: boolean('subtitles').notNull().default(false),
    /** Shown with audio description (тифлокомментарий) for the blind and partially sighted. */
    audioDescription: boolean('audio_description').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('sessions_ends_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('sessions_price_positive', sql`${t.price} > 0`),
    index('sessions_start_idx').on(t.startTime),
    index('sessions_film_idx').on(t.filmId),
    index('sessions_hall_idx').on(t.hallId),
  ],
);
