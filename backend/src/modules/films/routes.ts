import type { AppContext } from '../../context';
import { handlers } from '../../lib/api-router';
import { cachedRead } from '../../lib/response-cache';
import { findFilm, findFilms, loadBannerFilm, loadNewFilms } from './service';

/** Every film read is public and cached in memory (lib/response-cache.ts); writes invalidate it through effects. */
export const filmRoutes = (ctx: AppContext) =>
  handlers({
    'GET /banner': ({ req }) => cachedRead(ctx, 'GET /banner', req, () => loadBannerFilm(ctx)),
    'GET /films/news': ({ req }) => cachedRead(ctx, 'GET /films/news', req, () => loadNewFilms(ctx)),
    'GET /films': ({ req, query }) => cachedRead(ctx, 'GET /films', req, () => findFilms(ctx, query)),
    'GET /films/:id': ({ req, params }) => cachedRead(ctx, 'GET /films/:id', req, () => findFilm(ctx, params.id)),
  });
