/** Favourite films and persons (docs/product.md §7, GET /api/favorite and the store/delete/liked calls). */
import { NewFilmSchema } from './films';
import { PersonListItemSchema } from './persons';
import { IdParamsSchema } from './common';
import { SIGNED_IN, type EndpointMap } from './endpoint';
import { z } from './zod';

/** GET /api/favorite: newest first; each film as the new-films strip shows it, each person as the persons list does. */
export const FavouritesResponseSchema = z.strictObject({
  movies: z.array(z.strictObject({ movie: NewFilmSchema })),
  persons: z.array(z.strictObject({ person: PersonListItemSchema })),
});
export type Favourites = z.infer<typeof FavouritesResponseSchema>;

/**
 * The liked checks answer 200 `{liked: true}` when the film or person is a favourite and 404 when
 * it is not (SPEC: "200 means already liked"); store and delete answer the new state.
 */
export const LikedResponseSchema = z.strictObject({ liked: z.boolean() });
export type LikedResponse = z.infer<typeof LikedResponseSchema>;

const liked = (summary: string) =>
  ({ summary, access: SIGNED_IN, params: IdParamsSchema, response: LikedResponseSchema }) as const;

export const favouriteEndpoints = {
  'GET /favorite': { summary: 'Избранные фильмы и персоны', access: SIGNED_IN, response: FavouritesResponseSchema },
  'GET /favorite/movie/:id/store': liked('Добавить фильм в избранное'),
  'DELETE /favorite/movie/:id/delete': liked('Убрать фильм из избранного'),
  'GET /favorite-movie/liked/:id': liked('Фильм в избранном? 200 — да, 404 — нет'),
  'GET /favorite/persons/:id/store': liked('Добавить персону в избранное'),
  'DELETE /favorite/persons/:id/delete': liked('Убрать персону из избранного'),
  'GET /favorite-person/liked/:id': liked('Персона в избранном? 200 — да, 404 — нет'),
} as const satisfies EndpointMap;
