/**
 * The data model (SPEC section 3). Constraints carry the rules so that no code path can break them:
 * seat codes, roles, reactions, watching states, and one live ticket per seat and session.
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
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
  LIVE_TICKET_STATUS,
  NEWS_BLOCK_TYPES,
  type NewsBlockType,
  type Provider,
  type Role,
  type TicketStatus,
  PROVIDERS,
  REACTIONS,
  RELEASED_TICKET_STATUSES,
  ROLES,
  SEAT_CODE_PATTERN,
  TICKET_STATUSES,
  WATCHING_STATES,
} from '../contract/constants';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
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

/** Single-use password reset links; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
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
    createdAt: createdAt(),
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
    capacity: smallint('capacity').notNull().default(HALL_CAPACITY),
  },
  (t) => [uniqueIndex('halls_name_unique').on(t.name), check('halls_capacity_positive', sql`${t.capacity} > 0`)],
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
    price: integer('price').notNull(),
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

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    seatNumber: varchar('seat_number', { length: 6 }).notNull(),
    /** Roubles, copied from the session at purchase. */
    price: integer('price').notNull(),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    /** 'paid' is live; 'refunded' (refunded_at says when) gave the seat back. */
    status: varchar('status', { length: 20 }).$type<TicketStatus>().notNull().default(LIVE_TICKET_STATUS),
    /** 0 not yet shown, 1 showing now, 2 finished: moves forward with the session's clock (workers). */
    isWatching: smallint('is_watching').notNull().default(0),
    /** When the door admitted it; a ticket is admitted once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tickets_seat_number_format', sql.raw(`seat_number ~ '${SEAT_CODE_PATTERN}'`)),
    check('tickets_price_positive', sql`${t.price} > 0`),
    check('tickets_status_valid', inList('status', TICKET_STATUSES)),
    check('tickets_is_watching_valid', inList('is_watching', WATCHING_STATES)),
    /** A refund time exactly when refunded. */
    check('tickets_refunded_at_with_status', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    /** Only a live ticket can have been admitted: a used ticket is never refunded or cancelled. */
    check('tickets_used_only_live', sql.raw(`used_at is null or status = '${LIVE_TICKET_STATUS}'`)),
    /** The last guard against a double sale: one live ticket per seat and session. */
    uniqueIndex('tickets_live_seat_unique')
      .on(t.sessionId, t.seatNumber)
      .where(sql`not (${inList('status', RELEASED_TICKET_STATUSES)})`),
    index('tickets_user_idx').on(t.userId),
    /** The watching sweep's way in: tickets whose session has not finished for them yet. */
    index('tickets_watching_pending_idx')
      .on(t.sessionId)
      .where(sql`${t.isWatching} < 2`),
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

export const hallsRelations = relations(halls, ({ many }) => ({ sessions: many(sessions) }));

export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  film: one(films, { fields: [sessions.filmId], references: [films.id] }),
  hall: one(halls, { fields: [sessions.hallId], references: [halls.id] }),
  tickets: many(tickets),
}));

export const ticketsRelations = relations(tickets, ({ one }) => ({
  session: one(sessions, { fields: [tickets.sessionId], references: [sessions.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
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
