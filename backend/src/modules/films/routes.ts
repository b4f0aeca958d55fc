import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import { FilmListQuerySchema } from '../../contract/films';
import type { AppContext } from '../../context';
import { endpoint } from '../../lib/validate';
import { readBanner, readNewFilms } from './cache';
import { findFilm, findFilms } from './service';

export function filmRoutes(ctx: AppContext): Router {
  const router = Router();

  /** GET /api/banner: the promoted film, or null. Cached. */
  router.get(
    '/banner',
    endpoint({}, async (_input, _req, res) => {
      res.type('json').send(await readBanner(ctx));
    }),
  );

  /** GET /api/films/news: the films in rental, newest first. Cached. */
  router.get(
    '/films/news',
    endpoint({}, async (_input, _req, res) => {
      res.type('json').send(await readNewFilms(ctx));
    }),
  );

  /** GET /api/films?genre=&country= */
  router.get(
    '/films',
    endpoint({ query: FilmListQuerySchema }, ({ query }) => findFilms(ctx, query)),
  );

  /** GET /api/films/{id} */
  router.get(
    '/films/:id',
    endpoint({ params: IdParamsSchema }, ({ params }) => findFilm(ctx, params.id)),
  );

  return router;
}
