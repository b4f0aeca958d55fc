/** Films: GET /api/banner, /api/films/news, /api/films, /api/films/{id}. */
import { FilmCountrySchema, FilmGenreSchema } from './catalog';
import { PUBLIC, type EndpointMap } from './endpoint';
import { IdParamsSchema, IdSchema, InstantSchema } from './common';
import { PROVIDERS, REACTIONS } from './constants';
import { SessionSchema } from './schedules';
import { z } from './zod';

/**
 * GET /api/banner: the film the home page promotes — the newest film in rental that has a promo
 * image (the first such film of /api/films/news) — or null when there is none.
 */
export const BannerFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  age: z.number().int(),
  promo_img: z.string(),
});
export type BannerFilm = z.infer<typeof BannerFilmSchema>;
export const BannerResponseSchema = BannerFilmSchema.nullable();

/** GET /api/films/news: the films in rental, most recently added first. */
export const NewFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  age: z.number().int(),
  promo_img: z.string().nullable(),
  poster: z.string().nullable(),
  /** Running time in minutes: scheduling a session derives its end from it. */
  time: z.number().int(),
  genres: z.array(FilmGenreSchema),
});
export type NewFilm = z.infer<typeof NewFilmSchema>;
export const NewFilmListSchema = z.array(NewFilmSchema);

/** A film in the catalogue (and the back office table). */
export const FilmCardSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /** Age limit, shown with '+'. */
  age: z.number().int(),
  year: z.number().int().nullable(),
  /** 0–10, shown with one decimal. */
  rating: z.number().nullable(),
  poster: z.string().nullable(),
  promo_img: z.string().nullable(),
  type_graphic: z.string(),
  /** Running time in minutes. */
  time: z.number().int(),
  /** 1 in rental, 0 not. */
  is_rent: z.union([z.literal(0), z.literal(1)]),
  genres: z.array(FilmGenreSchema),
  countries: z.array(FilmCountrySchema),
});
export type FilmCard = z.infer<typeof FilmCardSchema>;
export const FilmListSchema = z.array(FilmCardSchema);

/** GET /api/films?genre=&country=: both optional, each a genre or country id. */
export const FilmListQuerySchema = z.strictObject({ genre: IdSchema.optional(), country: IdSchema.optional() });
export type FilmListQuery = z.infer<typeof FilmListQuerySchema>;

/** A person's part in a film: role is the kind of work (Актер, Режиссер…), position the character. */
export const FilmPersonSchema = z.strictObject({
  id: z.number().int(),
  role: z.string(),
  position: z.string().nullable(),
  person: z.strictObject({ id: z.number().int(), fio: z.string(), main_img: z.string().nullable() }),
});
export type FilmPerson = z.infer<typeof FilmPersonSchema>;

/** A viewer's review as the film page lists it. */
export const FilmReviewSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  comment: z.string(),
  created_at: InstantSchema,
  /** 1 positive, 2 negative. */
  type_rating: z.union([z.literal(REACTIONS.positive), z.literal(REACTIONS.negative)]),
  user: z.strictObject({
    id: z.number().int(),
    fio: z.string(),
    avatar: z.string().nullable(),
    provider: z.enum(PROVIDERS),
    /** How many reviews this viewer has written in all. */
    reviews_count: z.number().int().nonnegative(),
  }),
});
export type FilmReview = z.infer<typeof FilmReviewSchema>;

/** GET /api/films/{id} */
export const FilmDetailSchema = FilmCardSchema.extend({
  description: z.string(),
  /** US dollars. */
  budget: z.number().nullable(),
  /** A link to the trailer on a video host. */
  trailer: z.string().nullable(),
  kinopoisk_id: z.string().nullable(),
  video: z.array(z.strictObject({ id: z.number().int(), video: z.string() })),
  persons: z.array(FilmPersonSchema),
  photo: z.array(z.strictObject({ id: z.number().int(), photo: z.string() })),
  /** Sessions from today on, earliest first. */
  schedule: z.array(SessionSchema),
  /** Newest first. */
  review: z.array(FilmReviewSchema),
});
export type FilmDetail = z.infer<typeof FilmDetailSchema>;

export const filmEndpoints = {
  'GET /banner': { summary: 'Фильм баннера главной страницы', access: PUBLIC, response: BannerResponseSchema },
  'GET /films/news': { summary: 'Новинки: фильмы в прокате', access: PUBLIC, response: NewFilmListSchema },
  'GET /films': {
    summary: 'Каталог фильмов с фильтром по жанру и стране',
    access: PUBLIC,
    query: FilmListQuerySchema,
    response: FilmListSchema,
  },
  'GET /films/:id': { summary: 'Фильм', access: PUBLIC, params: IdParamsSchema, response: FilmDetailSchema },
} as const satisfies EndpointMap;
