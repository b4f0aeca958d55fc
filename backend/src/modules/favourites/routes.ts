/**
 * Favourites (docs/product.md §7): GET /api/favorite; per film and per person a store (GET, as SPEC
 * has it), a delete and a liked check that answers 200 when liked and 404 when not.
 */
import type { LikedResponse } from '../../contract/favourites';
import type { AppContext } from '../../context';
import { handlers, type Call } from '../../lib/http/api-router';
import { notFound } from '../../lib/http/errors';
import type { Api } from '../../contract/api';
import { presentFavourites } from './presenter';
import { addFavourite, isFavourite, listFavourites, removeFavourite, type FavouriteKind } from './service';

type ById = Call<Api['GET /favorite/movie/:id/store']>;

export function favouriteRoutes(ctx: AppContext) {
  const store =
    (kind: FavouriteKind) =>
    async ({ user, params }: ById): Promise<LikedResponse> => {
      await addFavourite(ctx, kind, user.id, params.id);
      return { liked: true };
    };
  const remove =
    (kind: FavouriteKind) =>
    async ({ user, params }: ById): Promise<LikedResponse> => {
      await removeFavourite(ctx, kind, user.id, params.id);
      return { liked: false };
    };
  const liked =
    (kind: FavouriteKind) =>
    async ({ user, params }: ById): Promise<LikedResponse> => {
      if (!(await isFavourite(ctx, kind, user.id, params.id))) throw notFound('Не в избранном');
      return { liked: true };
    };

  return handlers({
    'GET /favorite': async ({ user }) => presentFavourites(await listFavourites(ctx, user.id)),
    'GET /favorite/movie/:id/store': store('movie'),
    'DELETE /favorite/movie/:id/delete': remove('movie'),
    'GET /favorite-movie/liked/:id': liked('movie'),
    'GET /favorite/persons/:id/store': store('person'),
    'DELETE /favorite/persons/:id/delete': remove('person'),
    'GET /favorite-person/liked/:id': liked('person'),
  });
}
