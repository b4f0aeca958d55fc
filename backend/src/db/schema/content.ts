/**
 * What the public site shows besides the bill (docs/product.md §3): reviews, news and their blocks, promotions,
 * the viewers' favourite films and persons, and achievements.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { NEWS_BLOCK_TYPES, type NewsBlockType, REACTIONS } from '../../contract/constants';
import { createdAt, updatedAt, inList } from './columns';
import { users } from './people';
import { films, persons } from './catalog';

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
