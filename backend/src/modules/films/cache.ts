/**
 * The banner and the new films are cached. Whatever adds a film or changes one (rental flag,
 * title, age, images, genres) must call invalidateBanner and invalidateNewFilms after committing.
 */
import type { AppContext } from '../../context';
import { responseCache } from '../../lib/cache';
import { loadBannerFilm, loadNewFilms } from './service';

type CacheCtx = Pick<AppContext, 'redis' | 'keys' | 'logger'>;

const bannerCache = responseCache('banner');
const newFilmsCache = responseCache('new-films');

export const readBanner = (ctx: AppContext): Promise<string> => bannerCache.read(ctx, () => loadBannerFilm(ctx));
/** Call after a commit that changes which film is the newest in rental with a promo image, or its fields. */
export const invalidateBanner = (ctx: CacheCtx): Promise<void> => bannerCache.invalidate(ctx);

export const readNewFilms = (ctx: AppContext): Promise<string> => newFilmsCache.read(ctx, () => loadNewFilms(ctx));
/** Call after a commit that changes films in rental or their genres. */
export const invalidateNewFilms = (ctx: CacheCtx): Promise<void> => newFilmsCache.invalidate(ctx);
