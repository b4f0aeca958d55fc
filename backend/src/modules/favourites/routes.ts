/**
 * Favourites (SPEC section 7): GET /api/favorite; per film and per person a store (GET, as SPEC
 * has it), a delete and a liked check that answers 200 when liked and 404 when not.
 */
import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import type { Favourites, LikedResponse } from '../../contract/favourites';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { endpoint } from '../../lib/validate';
import { requireUser, signedInUser } from '../auth/guard';
import { presentFavourites } from './presenter';
import { addFavourite, isFavourite, listFavourites, removeFavourite, type FavouriteKind } from './service';

const PATHS: Record<FavouriteKind, { store: string; remove: string; liked: string }> = {
  movie: {
    store: '/favorite/movie/:id/store',
    remove: '/favorite/movie/:id/delete',
    liked: '/favorite-movie/liked/:id',
  },
  person: {
    store: '/favorite/persons/:id/store',
    remove: '/favorite/persons/:id/delete',
    liked: '/favorite-person/liked/:id',
  },
};

export function favouriteRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(['/favorite', '/favorite-movie', '/favorite-person'], requireUser);

  router.get(
    '/favorite',
    endpoint({}, async (_input, _req, res): Promise<Favourites> =>
      presentFavourites(await listFavourites(ctx, signedInUser(res).id)),
    ),
  );

  for (const [kind, path] of Object.entries(PATHS) as [FavouriteKind, (typeof PATHS)[FavouriteKind]][]) {
    router.get(
      path.store,
      endpoint({ params: IdParamsSchema }, async ({ params }, _req, res): Promise<LikedResponse> => {
        await addFavourite(ctx, kind, signedInUser(res).id, params.id);
        return { liked: true };
      }),
    );
    router.delete(
      path.remove,
      endpoint({ params: IdParamsSchema }, async ({ params }, _req, res): Promise<LikedResponse> => {
        await removeFavourite(ctx, kind, signedInUser(res).id, params.id);
        return { liked: false };
      }),
    );
    router.get(
      path.liked,
      endpoint({ params: IdParamsSchema }, async ({ params }, _req, res): Promise<LikedResponse> => {
        if (!(await isFavourite(ctx, kind, signedInUser(res).id, params.id))) throw notFound('Не в избранном');
        return { liked: true };
      }),
    );
  }
  return router;
}
