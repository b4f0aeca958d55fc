/**
 * The data model (docs/product.md §3). Constraints carry the rules so that no code path can break them:
 * seat codes, roles, reactions, watching states, and one live ticket per seat and session.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  HALL_CAPACITY,
  ACTIVE_REFUND_STATUSES,
  LIVE_TICKET_STATUS,
  NEWS_BLOCK_TYPES,
  type NewsBlockType,
  ORDER_ACTIONS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderChannel,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PAYMENT_METHODS,
  PUSHKIN_TICKET_STATUSES,
  type PushkinTicketStatus,
  type PaymentMethod,
  REFUND_METHODS,
  type RefundMethod,
  EAIS_OPERATIONS,
  EAIS_REPORT_STATUSES,
  type EaisOperation,
  type EaisReportStatus,
  type Provider,
  REFUND_STATUSES,
  type RefundStatus,
  type Role,
  ADULT_TICKET_TYPE,
  PROMO_KINDS,
  type PromoKind,
  SEAT_OCCUPYING_TICKET_STATUSES,
  STANDARD_ZONE,
  TICKET_TYPE_RULES,
  type TicketTypeRule,
  type TicketStatus,
  PROVIDERS,
  REACTIONS,
  ROLES,
  SEAT_CODE_PATTERN,
  TICKET_STATUSES,
  WATCHING_STATES,
} from '../contract/constants';
import {
  CONSENT_ACTIONS,
  CONSENT_CHANNELS,
  DOCUMENT_BODY_MAX,
  DOCUMENT_SLUGS,
  type ConsentAction,
  type ConsentChannel,
  type DocumentSlug,
} from '../contract/legal';
import { TAXATION_SYSTEMS, type TaxationSystem } from '../contract/cinema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When a public page's own row was last edited: the sitemap's lastmod. Set by every update through drizzle. */
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const inList = (column: string, values: readonly (string | number)[]) =>
  sql.raw(`${column} in (${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(', ')})`);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fio: varchar('fio', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    /** argon2id hash; null for accounts created through a social provider. */
    password: text('password'),
    birthday: date('birthday', { mode: 'string' }),
    provider: varchar('provider', { length: 20 }).$type<Provider>().notNull().default('youth'),
    avatar: text('avatar'),
    role: varchar('role', { length: 20 }).$type<Role>().notNull().default('customer'),
    /** A staff member's INN (12 digits): the cash register's operator (tag 1203) on every receipt they print. */
    inn: varchar('inn', { length: 12 }),
    /**
     * The advertising mail consent as it stands (the last of its consent records): what every marketing send
     * checks at the moment of sending (workers/src/mailer.ts).
     */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When the person deleted the account: the row stays, anonymised, for the tickets and money that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', inList('role', ROLES)),
    check('users_provider_valid', inList('provider', PROVIDERS)),
  ],
);

/** One row per issued bearer token; logout revokes it. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Single-use password reset links; only the token's hash is kept. The token is made when the mail is rendered
 * (workers/src/jobs/mail-password-reset.ts): until then the hash is null and no link works.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const films = pgTable(
  'films',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    /** Age limit, shown with '+'. */
    age: smallint('age').notNull().default(0),
    year: smallint('year'),
    /** In US dollars. */
    budget: bigint('budget', { mode: 'number' }),
    /** Running time in minutes. */
    time: smallint('time').notNull(),
    rating: doublePrecision('rating'),
    promoImg: text('promo_img'),
    poster: text('poster'),
    typeGraphic: varchar('type_graphic', { length: 20 }).notNull().default('2D'),
    trailer: text('trailer'),
    kinopoiskId: varchar('kinopoisk_id', { length: 32 }),
    /** 1 in rental, 0 not. */
    isRent: smallint('is_rent').notNull().default(0),
    /** The distributor's condition 'без скидок до <date>': no ticket type discount or promo code until then (a cinema date, inclusive). */
    noDiscountUntil: date('no_discount_until', { mode: 'string' }),
    /** The distribution certificate (прокатное удостоверение) number: no session goes on sale without one; ЕАИС reports it. */
    puNumber: varchar('pu_number', { length: 20 }),
    /** The ПУ's issue date and rental end (cinema dates, inclusive): a session goes on sale only between them. */
    puIssued: date('pu_issued', { mode: 'string' }),
    puUntil: date('pu_until', { mode: 'string' }),
    /** ЕАИС's reason code for an event shown without a ПУ (REGISTRIES.md §3.6); such a film needs no ПУ. */
    puReason: varchar('pu_reason', { length: 20 }),
    /** Its Pro.Культура event (REGISTRIES.md §2.9): set → in the Pushkin card programme; sent to the registry and ЕАИС. */
    pushkinEventId: varchar('pushkin_event_id', { length: 40 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('films_kinopoisk_id_unique').on(t.kinopoiskId),
    check('films_age_range', sql`${t.age} between 0 and 21`),
    check('films_time_positive', sql`${t.time} > 0`),
    check('films_rating_range', sql`${t.rating} is null or ${t.rating} between 0 and 10`),
    check('films_budget_positive', sql`${t.budget} is null or ${t.budget} >= 0`),
    check('films_is_rent_flag', inList('is_rent', [0, 1])),
    index('films_is_rent_idx').on(t.isRent),
  ],
);

/** Genre and country names are unique whatever their case: 'Драма' and 'драма' are one genre. */
export const genres = pgTable(
  'genres',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 100 }).notNull() },
  (t) => [
    uniqueIndex('genres_name_unique').on(t.name),
    uniqueIndex('genres_name_lower_unique').on(sql`lower(${t.name})`),
  ],
);

export const countries = pgTable(
  'countries',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 100 }).notNull() },
  (t) => [
    uniqueIndex('countries_name_unique').on(t.name),
    uniqueIndex('countries_name_lower_unique').on(sql`lower(${t.name})`),
  ],
);

export const filmGenres = pgTable(
  'film_genres',
  {
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.filmId, t.genreId] }), index('film_genres_genre_idx').on(t.genreId)],
);

export const filmCountries = pgTable(
  'film_countries',
  {
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.filmId, t.countryId] }), index('film_countries_country_idx').on(t.countryId)],
);

export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    fio: varchar('fio', { length: 255 }).notNull(),
    mainImg: text('main_img'),
    birthday: date('birthday', { mode: 'string' }),
    /** Careers, e.g. ["Актер", "Режиссер"]; presented JSON-encoded as SPEC's `role`. */
    careers: jsonb('careers').$type<string[]>().notNull().default([]),
    placeBirthday: varchar('place_birthday', { length: 255 }),
    kinopoiskId: varchar('kinopoisk_id', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('persons_kinopoisk_id_unique').on(t.kinopoiskId),
    check('persons_careers_array', sql`jsonb_typeof(${t.careers}) = 'array'`),
  ],
);

/** A person's part in a film: role is the kind of work (actor, director…), position the character or title. */
export const filmPersons = pgTable(
  'film_persons',
  {
    id: serial('id').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 50 }).notNull(),
    position: varchar('position', { length: 255 }),
  },
  (t) => [
    uniqueIndex('film_persons_unique').on(t.filmId, t.personId, t.role),
    index('film_persons_person_idx').on(t.personId),
  ],
);

export const personPhotos = pgTable(
  'person_photos',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    photo: text('photo').notNull(),
  },
  (t) => [index('person_photos_person_idx').on(t.personId)],
);

export const filmPhotos = pgTable(
  'film_photos',
  {
    id: serial('id').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    photo: text('photo').notNull(),
    /** Where an imported still came from (its Kinopoisk URL): importing again skips it. Null for uploads. */
    sourceUrl: text('source_url'),
  },
  (t) => [
    index('film_photos_film_idx').on(t.filmId),
    uniqueIndex('film_photos_source_unique').on(t.filmId, t.sourceUrl),
  ],
);

export const filmVideos = pgTable(
  'film_videos',
  {
    id: serial('id').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    video: text('video').notNull(),
  },
  (t) => [index('film_videos_film_idx').on(t.filmId)],
);

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

/**
 * A cashier's shift at a till: opened with a float, every till sale and counter refund counts to it, closed with
 * the counted cash (expected = float + cash in − cash out, fixed at closing).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    till: varchar('till', { length: 40 }).notNull(),
    floatKopecks: integer('float_kopecks').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    countedKopecks: integer('counted_kopecks'),
    expectedKopecks: integer('expected_kopecks'),
  },
  (t) => [
    check('shifts_float_not_negative', sql`${t.floatKopecks} >= 0`),
    check(
      'shifts_closed_with_count',
      sql`(${t.closedAt} is null) = (${t.countedKopecks} is null) and (${t.closedAt} is null) = (${t.expectedKopecks} is null)`,
    ),
    check('shifts_counted_not_negative', sql`${t.countedKopecks} is null or ${t.countedKopecks} >= 0`),
    /** One open shift per cashier and one per till. */
    uniqueIndex('shifts_open_cashier_unique')
      .on(t.cashierId)
      .where(sql`${t.closedAt} is null`),
    uniqueIndex('shifts_open_till_unique')
      .on(t.till)
      .where(sql`${t.closedAt} is null`),
    index('shifts_opened_idx').on(t.openedAt),
  ],
);

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

/**
 * An order (docs/architecture.md, "Orders and payments"): a buyer's seats of one session, paid at once. Its lines
 * are its tickets. Each change of its state is a named operation (modules/orders/) with an audit entry.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The buyer's account (a walk-in at the till will have none). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: varchar('channel', { length: 20 }).$type<OrderChannel>().notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    /** The sum of its lines, kopecks. */
    totalKopecks: integer('total_kopecks').notNull(),
    /** Where the receipt and the tickets go. */
    email: varchar('email', { length: 255 }),
    /** A till buyer's phone (+7XXXXXXXXXX) given instead of an e-mail: the register sends the receipt there. */
    phone: varchar('phone', { length: 16 }),
    /** The promo code applied to it. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** A pending order is given up at this time unless the provider says it was paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it expired or was cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** How it is paid (PAYMENT_METHODS): online for the website and the till's payment links. */
    paymentMethod: varchar('payment_method', { length: 10 }).$type<PaymentMethod>().notNull().default('online'),
    /** The staff member who sold it at the till, the till's name and the shift it counts to. */
    soldBy: integer('sold_by').references(() => users.id, { onDelete: 'restrict' }),
    till: varchar('till', { length: 40 }),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    /** Cash: what the buyer handed over (the change is the difference). */
    cashGivenKopecks: integer('cash_given_kopecks'),
    /** Card on the bank's terminal: its retrieval reference number, when the cashier typed it. */
    cardRrn: varchar('card_rrn', { length: 12 }),
    /**
     * A Pushkin card payment (ЕАИС's form): the terminal's id and its owner's ИНН — the cinema's terminal at the
     * till, the second YooKassa shop online (the RRN is card_rrn).
     */
    terminalId: varchar('terminal_id', { length: 32 }),
    terminalOwnerInn: varchar('terminal_owner_inn', { length: 12 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_status_valid', inList('status', ORDER_STATUSES)),
    check('orders_channel_valid', inList('channel', ORDER_CHANNELS)),
    check('orders_payment_method_valid', inList('payment_method', PAYMENT_METHODS)),
    /** Only the till takes cash or cards, and what it sells counts to a shift. */
    check(
      'orders_till_fields',
      sql`(${t.paymentMethod} in ('online', 'pushkin') or ${t.channel} = 'box_office') and (${t.channel} = 'web') = (${t.soldBy} is null)`,
    ),
    check('orders_cash_given', sql`${t.cashGivenKopecks} is null or ${t.cashGivenKopecks} >= ${t.totalKopecks}`),
    index('orders_shift_idx').on(t.shiftId),
    check('orders_total_not_negative', sql`${t.totalKopecks} >= 0`),
    check('orders_paid_at_with_status', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index('orders_user_idx').on(t.userId),
    index('orders_session_idx').on(t.sessionId),
    /** The expiry sweep's way in. */
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A payment attempt at the provider for an order; the idempotence key is stored before the call. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The provider's id, once it answered. */
    providerPaymentId: varchar('provider_payment_id', { length: 64 }),
    idempotenceKey: varchar('idempotence_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 30 }).$type<PaymentStatus>().notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    confirmationUrl: text('confirmation_url'),
    /** Why it was cancelled (the provider's party and reason). */
    cancellationParty: varchar('cancellation_party', { length: 40 }),
    cancellationReason: varchar('cancellation_reason', { length: 60 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_valid', inList('status', PAYMENT_STATUSES)),
    check('payments_amount_positive', sql`${t.amountKopecks} > 0`),
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_key_unique').on(t.idempotenceKey),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    /** The order this ticket is a line of. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    /** The buyer's account; null for a walk-in at the till. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    seatNumber: varchar('seat_number', { length: 6 }).notNull(),
    /** What the buyer pays for this seat, kopecks, fixed when the order is made: base − type − promo. */
    priceKopecks: integer('price_kopecks').notNull(),
    /** The price's making, as quoted when the order was made (editing prices never changes it). */
    zoneCode: varchar('zone_code', { length: 20 })
      .notNull()
      .default(STANDARD_ZONE)
      .references(() => seatZones.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    ticketTypeCode: varchar('ticket_type_code', { length: 20 })
      .notNull()
      .default(ADULT_TICKET_TYPE)
      .references(() => ticketTypes.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    basePriceKopecks: integer('base_price_kopecks').notNull(),
    typeDiscountKopecks: integer('type_discount_kopecks').notNull().default(0),
    promoDiscountKopecks: integer('promo_discount_kopecks').notNull().default(0),
    /** When it was sold (while pending: when the order was made). */
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    /** See TICKET_STATUSES: pending → paid → refunded, or pending → cancelled. */
    status: varchar('status', { length: 20 }).$type<TicketStatus>().notNull(),
    /** 0 not yet shown, 1 showing now, 2 finished: moves forward with the session's clock (workers). */
    isWatching: smallint('is_watching').notNull().default(0),
    /** When the door admitted it; a ticket is admitted once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tickets_seat_number_format', sql.raw(`seat_number ~ '${SEAT_CODE_PATTERN}'`)),
    check('tickets_price_positive', sql`${t.priceKopecks} > 0`),
    check(
      'tickets_price_breakdown',
      sql`${t.priceKopecks} = ${t.basePriceKopecks} - ${t.typeDiscountKopecks} - ${t.promoDiscountKopecks} and ${t.typeDiscountKopecks} >= 0 and ${t.promoDiscountKopecks} >= 0`,
    ),
    check('tickets_status_valid', inList('status', TICKET_STATUSES)),
    check('tickets_is_watching_valid', inList('is_watching', WATCHING_STATES)),
    /** A refund time exactly when refunded. */
    check('tickets_refunded_at_with_status', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    /** Only a live ticket can have been admitted: a used ticket is never refunded or cancelled. */
    check('tickets_used_only_live', sql.raw(`used_at is null or status = '${LIVE_TICKET_STATUS}'`)),
    /** The last guard against a double sale: one seat-occupying ticket per seat and session. */
    uniqueIndex('tickets_live_seat_unique')
      .on(t.sessionId, t.seatNumber)
      .where(inList('status', SEAT_OCCUPYING_TICKET_STATUSES)),
    index('tickets_user_idx').on(t.userId),
    index('tickets_order_idx').on(t.orderId),
    /** The watching sweep's way in: tickets whose session has not finished for them yet. */
    index('tickets_watching_pending_idx')
      .on(t.sessionId)
      .where(sql`${t.isWatching} < 2`),
  ],
);

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

/** Money given back for one line, through the provider (or, for an order paid without one, at once). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The line refunded; null when a whole payment goes back (it came after its seats were resold). */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'restrict' }),
    /** The payment refunded from; null when the order was paid without a provider payment. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    idempotenceKey: varchar('idempotence_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).$type<RefundStatus>().notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    /** Why the money goes back, as told by the person who asked (or the rule that did). */
    reason: text('reason').notNull(),
    /** Who asked; null when a rule did (a payment that came after its seats were resold). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    cancellationReason: varchar('cancellation_reason', { length: 60 }),
    /** How the money goes back (REFUND_METHODS); cash and card refunds at the counter count to a shift. */
    method: varchar('method', { length: 10 }).$type<RefundMethod>().notNull().default('provider'),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A refused refund of a whole payment staff returned by hand ('Деньги вернули вручную'): who, and when. */
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_status_valid', inList('status', REFUND_STATUSES)),
    check('refunds_method_valid', inList('method', REFUND_METHODS)),
    index('refunds_shift_idx').on(t.shiftId),
    check('refunds_amount_positive', sql`${t.amountKopecks} > 0`),
    uniqueIndex('refunds_idempotence_key_unique').on(t.idempotenceKey),
    uniqueIndex('refunds_provider_id_unique').on(t.providerRefundId),
    /** A line is refunded once: at most one refund under way or done. */
    uniqueIndex('refunds_active_ticket_unique').on(t.ticketId).where(inList('status', ACTIVE_REFUND_STATUSES)),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/**
 * A task sent to the cash register (modules/fiscal): stored with its uuid before it is sent, so a lost
 * answer is read back by the same uuid and never sent twice (REGISTRIES.md §1.8). `result` is the
 * register's answer (its fiscalParams for a receipt or a shift document).
 */
export const fiscalOperations = pgTable(
  'fiscal_operations',
  {
    id: uuid('id').primaryKey(),
    /** The task's type: openShift, closeShift, sell, sellReturn, sellCorrection. */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** sent (no answer yet), ready, error. */
    status: varchar('status', { length: 10 }).notNull().default('sent'),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    task: jsonb('task').notNull(),
    result: jsonb('result'),
    errorCode: integer('error_code'),
    errorDescription: text('error_description'),
    /**
     * The register's server said it had the task (REGISTRIES.md §1.8): while the operation is `sent`, a uuid
     * it then does not know was lost by it (maybe printed), not never received, so it is not posted again.
     */
    acknowledged: boolean('acknowledged').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('fiscal_operations_status_valid', sql`${t.status} in ('sent', 'ready', 'error')`),
    index('fiscal_operations_shift_idx').on(t.shiftId),
    index('fiscal_operations_order_idx').on(t.orderId),
  ],
);

/**
 * A counter sale taken without its receipt (the register down, a manager's override with a reason), queued
 * for a correction receipt (`sellCorrection`, REGISTRIES.md §1.7) and listed until one is issued.
 */
export const fiscalCorrections = pgTable(
  'fiscal_corrections',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A return's correction: the counter refund whose return receipt the register did not print. */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** The sell (or sellReturn) task the register should have printed (a correction receipt repeats it). */
    task: jsonb('task').notNull(),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    /** The correction receipt once issued. */
    operationId: uuid('operation_id').references(() => fiscalOperations.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    // One sale correction per order, one return correction per refund.
    uniqueIndex('fiscal_corrections_sale_unique')
      .on(t.orderId)
      .where(sql`${t.refundId} is null`),
    uniqueIndex('fiscal_corrections_refund_unique').on(t.refundId),
  ],
);

/** The audit trail: who did what to an order, when, why, through which channel. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 40 }).$type<OrderAction>().notNull(),
    /** The person who acted; null for the provider or a rule (expiry, reconciliation). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 20 }).$type<OrderChannel>().notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_events_action_valid', inList('action', ORDER_ACTIONS)),
    index('order_events_order_idx').on(t.orderId),
  ],
);

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
 * The cinema's documents (docs/architecture.md, "The public and its data"): each edit is a new version, the old
 * ones kept, since consents name the version they were given to. The current one is the highest.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 40 }).$type<DocumentSlug>().notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    /** Markdown, rendered to HTML on the server with raw HTML off (modules/documents/render.ts). */
    body: text('body').notNull(),
    /** SHA-256 of the body, hex: what a consent record copies to prove which text was shown. */
    textHash: varchar('text_hash', { length: 64 }).notNull(),
    /** The admin who wrote it; null for the bundled draft. */
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_slug_version_unique').on(t.slug, t.version),
    check('document_versions_slug_valid', inList('slug', DOCUMENT_SLUGS)),
    check('document_versions_version_positive', sql`${t.version} > 0`),
    check(
      'document_versions_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(DOCUMENT_BODY_MAX))}`,
    ),
  ],
);

/**
 * Who consented to which text, when, from where and through which channel; a withdrawal is a record too. Kept
 * after an account is deleted: the operator must be able to prove a consent (152-FZ art. 9 part 3).
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    documentVersionId: integer('document_version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'restrict' }),
    /** The document's slug, beside its version, so the current state of a consent is one indexed read. */
    document: varchar('document', { length: 40 }).$type<DocumentSlug>().notNull(),
    action: varchar('action', { length: 10 }).$type<ConsentAction>().notNull(),
    channel: varchar('channel', { length: 10 }).$type<ConsentChannel>().notNull(),
    /** The version's text hash, copied: the record stands on its own. */
    textHash: varchar('text_hash', { length: 64 }).notNull(),
    /** The address the request came from (behind the proxies the configuration trusts). */
    ipAddress: varchar('ip_address', { length: 45 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('consents_action_valid', inList('action', CONSENT_ACTIONS)),
    check('consents_channel_valid', inList('channel', CONSENT_CHANNELS)),
    check('consents_document_valid', inList('document', DOCUMENT_SLUGS)),
    index('consents_user_idx').on(t.userId, t.document, t.id),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    comment: text('comment').notNull(),
    /** 1 positive, 2 negative. */
    typeRating: smallint('type_rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_type_rating_valid', inList('type_rating', Object.values(REACTIONS))),
    check('reviews_comment_length', sql`char_length(${t.comment}) between 1 and 5000`),
    check('reviews_title_not_blank', sql`char_length(${t.title}) > 0`),
    index('reviews_film_idx').on(t.filmId),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    mainImg: text('main_img').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_user_idx').on(t.userId)],
);

/** Ordered content blocks of a news article; item_order runs 1, 2, 3… within an article. */
export const newsItems = pgTable(
  'news_items',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 10 }).$type<NewsBlockType>().notNull(),
    itemOrder: smallint('item_order').notNull(),
    content: text('content').notNull(),
  },
  (t) => [
    uniqueIndex('news_items_order_unique').on(t.newsId, t.itemOrder),
    check('news_items_type_valid', inList('type', NEWS_BLOCK_TYPES)),
    check('news_items_order_positive', sql`${t.itemOrder} > 0`),
  ],
);

/** Promotions (SPEC's stocks). */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text').notNull(),
    img: text('img').notNull(),
    dateStart: timestamp('date_start', { withTimezone: true }).notNull(),
    dateEnd: timestamp('date_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('promotions_dates_ordered', sql`${t.dateEnd} >= ${t.dateStart}`)],
);

export const favouriteFilms = pgTable(
  'favourite_films',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.filmId] })],
);

export const favouritePersons = pgTable(
  'favourite_persons',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.personId] })],
);

/** Contents not specified yet (SPEC: "fields not shown"). */
export const achievements = pgTable('achievements', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
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

export const usersRelations = relations(users, ({ many }) => ({
  tickets: many(tickets),
  reviews: many(reviews),
  news: many(news),
  favouriteFilms: many(favouriteFilms),
  favouritePersons: many(favouritePersons),
}));

export const filmsRelations = relations(films, ({ many }) => ({
  genres: many(filmGenres),
  countries: many(filmCountries),
  persons: many(filmPersons),
  photos: many(filmPhotos),
  videos: many(filmVideos),
  sessions: many(sessions),
  reviews: many(reviews),
}));

export const genresRelations = relations(genres, ({ many }) => ({ films: many(filmGenres) }));
export const countriesRelations = relations(countries, ({ many }) => ({ films: many(filmCountries) }));

export const filmGenresRelations = relations(filmGenres, ({ one }) => ({
  film: one(films, { fields: [filmGenres.filmId], references: [films.id] }),
  genre: one(genres, { fields: [filmGenres.genreId], references: [genres.id] }),
}));

export const filmCountriesRelations = relations(filmCountries, ({ one }) => ({
  film: one(films, { fields: [filmCountries.filmId], references: [films.id] }),
  country: one(countries, { fields: [filmCountries.countryId], references: [countries.id] }),
}));

export const personsRelations = relations(persons, ({ many }) => ({
  films: many(filmPersons),
  photos: many(personPhotos),
}));

export const filmPersonsRelations = relations(filmPersons, ({ one }) => ({
  film: one(films, { fields: [filmPersons.filmId], references: [films.id] }),
  person: one(persons, { fields: [filmPersons.personId], references: [persons.id] }),
}));

export const personPhotosRelations = relations(personPhotos, ({ one }) => ({
  person: one(persons, { fields: [personPhotos.personId], references: [persons.id] }),
}));

export const filmPhotosRelations = relations(filmPhotos, ({ one }) => ({
  film: one(films, { fields: [filmPhotos.filmId], references: [films.id] }),
}));

export const filmVideosRelations = relations(filmVideos, ({ one }) => ({
  film: one(films, { fields: [filmVideos.filmId], references: [films.id] }),
}));

export const hallsRelations = relations(halls, ({ many }) => ({ sessions: many(sessions), seats: many(hallSeats) }));

export const hallSeatsRelations = relations(hallSeats, ({ one }) => ({
  hall: one(halls, { fields: [hallSeats.hallId], references: [halls.id] }),
  zone: one(seatZones, { fields: [hallSeats.zoneCode], references: [seatZones.code] }),
}));

export const priceCardsRelations = relations(priceCards, ({ many }) => ({
  prices: many(priceCardPrices),
  rules: many(priceRules),
}));

export const priceCardPricesRelations = relations(priceCardPrices, ({ one }) => ({
  card: one(priceCards, { fields: [priceCardPrices.cardId], references: [priceCards.id] }),
}));

export const priceRulesRelations = relations(priceRules, ({ one }) => ({
  card: one(priceCards, { fields: [priceRules.cardId], references: [priceCards.id] }),
}));

export const promoCodesRelations = relations(promoCodes, ({ many }) => ({
  films: many(promoCodeFilms),
  sessions: many(promoCodeSessions),
}));

export const promoCodeFilmsRelations = relations(promoCodeFilms, ({ one }) => ({
  promoCode: one(promoCodes, { fields: [promoCodeFilms.promoCodeId], references: [promoCodes.id] }),
}));

export const promoCodeSessionsRelations = relations(promoCodeSessions, ({ one }) => ({
  promoCode: one(promoCodes, { fields: [promoCodeSessions.promoCodeId], references: [promoCodes.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  film: one(films, { fields: [sessions.filmId], references: [films.id] }),
  hall: one(halls, { fields: [sessions.hallId], references: [halls.id] }),
  priceCard: one(priceCards, { fields: [sessions.priceCardId], references: [priceCards.id] }),
  tickets: many(tickets),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  session: one(sessions, { fields: [orders.sessionId], references: [sessions.id] }),
  promoCode: one(promoCodes, { fields: [orders.promoCodeId], references: [promoCodes.id] }),
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  seller: one(users, { fields: [orders.soldBy], references: [users.id] }),
  shift: one(shifts, { fields: [orders.shiftId], references: [shifts.id] }),
  tickets: many(tickets),
  payments: many(payments),
  refunds: many(refunds),
  events: many(orderEvents),
}));

export const shiftsRelations = relations(shifts, ({ one, many }) => ({
  cashier: one(users, { fields: [shifts.cashierId], references: [users.id] }),
  orders: many(orders),
  refunds: many(refunds),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
  ticket: one(tickets, { fields: [refunds.ticketId], references: [tickets.id] }),
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
  shift: one(shifts, { fields: [refunds.shiftId], references: [shifts.id] }),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
  actor: one(users, { fields: [orderEvents.actorId], references: [users.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  order: one(orders, { fields: [tickets.orderId], references: [orders.id] }),
  session: one(sessions, { fields: [tickets.sessionId], references: [sessions.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
  zone: one(seatZones, { fields: [tickets.zoneCode], references: [seatZones.code] }),
  ticketType: one(ticketTypes, { fields: [tickets.ticketTypeCode], references: [ticketTypes.code] }),
  refunds: many(refunds),
  pushkin: one(pushkinTickets, { fields: [tickets.id], references: [pushkinTickets.ticketId] }),
}));

export const pushkinTicketsRelations = relations(pushkinTickets, ({ one }) => ({
  ticket: one(tickets, { fields: [pushkinTickets.ticketId], references: [tickets.id] }),
  order: one(orders, { fields: [pushkinTickets.orderId], references: [orders.id] }),
  session: one(sessions, { fields: [pushkinTickets.sessionId], references: [sessions.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  film: one(films, { fields: [reviews.filmId], references: [films.id] }),
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));

export const newsRelations = relations(news, ({ one, many }) => ({
  user: one(users, { fields: [news.userId], references: [users.id] }),
  items: many(newsItems),
}));

export const newsItemsRelations = relations(newsItems, ({ one }) => ({
  news: one(news, { fields: [newsItems.newsId], references: [news.id] }),
}));

export const favouriteFilmsRelations = relations(favouriteFilms, ({ one }) => ({
  user: one(users, { fields: [favouriteFilms.userId], references: [users.id] }),
  film: one(films, { fields: [favouriteFilms.filmId], references: [films.id] }),
}));

export const favouritePersonsRelations = relations(favouritePersons, ({ one }) => ({
  user: one(users, { fields: [favouritePersons.userId], references: [users.id] }),
  person: one(persons, { fields: [favouritePersons.personId], references: [persons.id] }),
}));
