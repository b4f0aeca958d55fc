/**
 * The catalogue (docs/product.md §3): films with their genres, countries, people, photos and videos, and the
 * persons. A film's distribution certificate (ПУ) decides when its sessions may be sold (docs/architecture.md,
 * "Sessions change and ЕАИС").
 */
import { sql } from 'drizzle-orm';
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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, inList } from './columns';

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
