/**
 * Persons (actors, directors…): GET /api/persons/{id}, GET /api/persons?page=&per_page=, and the
 * back office's GET /api/persons/admin.
 */
import { FilmGenreSchema } from './catalog';
import { DateSchema, IdParamsSchema, pageQuerySchema, pageSchema, StaffPageQuerySchema } from './common';
import { PERSONS_PAGE_SIZE } from './constants';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { z } from './zod';

const personFields = {
  id: z.number().int(),
  fio: z.string(),
  main_img: z.string().nullable(),
  birthday: DateSchema.nullable(),
  /** The careers as a JSON-encoded list, e.g. '["Актер","Режиссер"]' (SPEC's `role`). */
  role: z.string(),
  /** How many films of ours the person took part in. */
  films_count: z.number().int().nonnegative(),
};

export const PersonListItemSchema = z.strictObject(personFields);
export type PersonListItem = z.infer<typeof PersonListItemSchema>;

export const PersonListQuerySchema = pageQuerySchema(PERSONS_PAGE_SIZE);
export type PersonListQuery = z.infer<typeof PersonListQuerySchema>;
export const PersonPageSchema = pageSchema(PersonListItemSchema);
export type PersonPage = z.infer<typeof PersonPageSchema>;

/** A film of the person's filmography. */
export const PersonMovieSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int().nullable(),
  age: z.number().int(),
  poster: z.string().nullable(),
  promo_img: z.string().nullable(),
  genres: z.array(FilmGenreSchema),
});
export type PersonMovie = z.infer<typeof PersonMovieSchema>;

/** GET /api/persons/{id} */
export const PersonDetailSchema = z.strictObject({
  ...personFields,
  place_birthday: z.string().nullable(),
  /** Newest first. */
  movies: z.array(PersonMovieSchema),
  photo: z.array(z.strictObject({ id: z.number().int(), photo: z.string() })),
});
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

export const personEndpoints = {
  'GET /persons': {
    summary: 'Персоны постранично',
    access: PUBLIC,
    query: PersonListQuerySchema,
    response: PersonPageSchema,
  },
  'GET /persons/admin': {
    summary: 'Персоны постранично для панели (по 10, как SPEC); q — поиск по имени',
    access: requires('persons', 'list'),
    query: StaffPageQuerySchema.extend(pageQuerySchema(PERSONS_PAGE_SIZE).shape),
    response: PersonPageSchema,
  },
  'GET /persons/:id': { summary: 'Персона', access: PUBLIC, params: IdParamsSchema, response: PersonDetailSchema },
} as const satisfies EndpointMap;
