import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { cachedRead } from '../../lib/http/response-cache';
import { addFilmPersons, addFilmStills, editFilm, listStaffFilms, replaceFilmPoster, storeFilm } from './admin';
import { findFilm, findFilms, loadBannerFilm, loadNewFilms } from './service';
import { findPushkinEvent } from '../pushkin';

/**
 * Every public film read is cached in memory (lib/http/response-cache.ts); the back office's writes
 * invalidate it through effects. The imports answer when done: a film within seconds, a cast of
 * at most PERSONS_MAX people and STILLS_MAX stills within the provider's timeouts.
 */
export const filmRoutes = (ctx: AppContext) =>
  handlers({
    'GET /banner': ({ req }) => cachedRead(ctx, 'GET /banner', req, () => loadBannerFilm(ctx)),
    'GET /films/news': ({ req }) => cachedRead(ctx, 'GET /films/news', req, () => loadNewFilms(ctx)),
    'GET /films': ({ req, query }) => cachedRead(ctx, 'GET /films', req, () => findFilms(ctx, query, ctx.clock.now())),
    'GET /films/:id': ({ req, params }) =>
      cachedRead(ctx, 'GET /films/:id', req, () => findFilm(ctx, params.id, ctx.clock.now())),
    'GET /films/admin': ({ query }) => listStaffFilms(ctx, query),
    'POST /films/store': ({ user, body }) => storeFilm(ctx, user.id, body.kinopoisk_id),
    'GET /upload-persons-for-film/:kinopoiskId': ({ user, params }) => addFilmPersons(ctx, user.id, params.kinopoiskId),
    'GET /upload-image-for-film/:kinopoiskId': ({ user, params }) => addFilmStills(ctx, user.id, params.kinopoiskId),
    'PUT /films/:id/edit': ({ params, body }) => editFilm(ctx, params.id, body),
    'GET /films/:id/pushkin-event': ({ params, query }) => findPushkinEvent(ctx, params.id, query.pu_number),
    'POST /upload-film-poster': ({ body, files }) => replaceFilmPoster(ctx, body.film_id, files.poster),
  });
