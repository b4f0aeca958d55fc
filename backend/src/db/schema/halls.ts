/**
 * Halls and their plans (docs/architecture.md, "Prices and halls", "Plans, zones, cards and codes in detail"):
 * the halls, the seat zones (colour, seats per unit) and every seat of a hall's plan with its zone and flags.
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
import { HALL_CAPACITY, STANDARD_ZONE, SEAT_CODE_PATTERN } from '../../contract/constants';

export const halls = pgTable(
  'halls',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    /** The plan's sellable seats (kept by the plan's operations in the same transaction). */
    capacity: smallint('capacity').notNull().default(HALL_CAPACITY),
    /** The hall's best point for 'Лучшие места' (row, grid column); null → the middle of the plan. */
    bestRow: smallint('best_row'),
    bestX: smallint('best_x'),
    /**
     * Wheelchair spaces are held back from general sale until this many hours before a session
     * (the till may sell them earlier); null: on sale like any seat.
     */
    wheelchairHoldBackHours: smallint('wheelchair_hold_back_hours'),
    /** The hall's name as registered in ЕАИС (`showroom`); null: its name. */
    showroom: varchar('showroom', { length: 100 }),
  },
  (t) => [
    uniqueIndex('halls_name_unique').on(t.name),
    check('halls_capacity_positive', sql`${t.capacity} > 0`),
    check('halls_wheelchair_hold_back_hours', sql`${t.wheelchairHoldBackHours} between 1 and 168`),
  ],
);

/** Seat zones (Стандарт, VIP, Диван…): their colour on the map and how many seats make one place. */
export const seatZones = pgTable(
  'seat_zones',
  {
    code: varchar('code', { length: 20 }).primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    /** '#RRGGBB' of the zone on the seat map and the plan editor. */
    color: varchar('color', { length: 7 }).notNull(),
    /** Seats sold together as one place: a sofa is 2 (its seats are paired in the plan). */
    seatsPerUnit: smallint('seats_per_unit').notNull().default(1),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('seat_zones_code_format', sql.raw(`code ~ '^[a-z][a-z0-9-]{0,19}$'`)),
    check('seat_zones_color_format', sql.raw(`color ~ '^#[0-9a-f]{6}$'`)),
    check('seat_zones_units', sql`${t.seatsPerUnit} between 1 and 4`),
  ],
);

/**
 * A hall's plan (docs/architecture.md, "Prices and halls"): its seats, each at a row and a grid column (`x`;
 * aisles are columns without seats), named 'r{row}m{place}', with a zone and flags. A ticket's seat
 * must be a sellable seat of its session's hall (a trigger checks it: tickets_seat_in_plan).
 */
export const hallSeats = pgTable(
  'hall_seats',
  {
    hallId: integer('hall_id')
      .notNull()
      .references(() => halls.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 6 }).notNull(),
    row: smallint('row').notNull(),
    place: smallint('place').notNull(),
    /** Grid column from 1: the seat's position in its row, gaps included. */
    x: smallint('x').notNull(),
    zoneCode: varchar('zone_code', { length: 20 })
      .notNull()
      .default(STANDARD_ZONE)
      .references(() => seatZones.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** A space for a wheelchair (no seat), announced as such. */
    wheelchair: boolean('wheelchair').notNull().default(false),
    /** A seat for a wheelchair user's companion. */
    companion: boolean('companion').notNull().default(false),
    /** On the plan but not sold (broken, kept free for the projectionist…). */
    blocked: boolean('blocked').notNull().default(false),
    /** The other seat of a sofa: the two are held and sold together. */
    pairCode: varchar('pair_code', { length: 6 }),
  },
  (t) => [
    primaryKey({ columns: [t.hallId, t.code] }),
    uniqueIndex('hall_seats_position_unique').on(t.hallId, t.row, t.x),
    check('hall_seats_code_matches', sql`${t.code} = 'r' || ${t.row} || 'm' || ${t.place}`),
    check('hall_seats_code_format', sql.raw(`code ~ '${SEAT_CODE_PATTERN}'`)),
    check('hall_seats_x_positive', sql`${t.x} >= 1 and ${t.x} <= 80`),
  ],
);
