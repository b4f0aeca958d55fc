/**
 * Adds the stills of an imported film from Kinopoisk as its photos (SPEC: GET
 * /api/upload-image-for-film/{kinopoiskId}) and answers every photo of the film: [{ id, photo }].
 *
 * - Kinopoisk pages stills 20 at a time; up to STILLS_MAX are taken, in its order.
 * - Each stored still keeps its Kinopoisk URL (film_photos.source_url, unique per film): a still
 *   already stored is not downloaded again, and two imports at once store it once (the loser's
 *   file is deleted). A still whose file is unusable (not an image, too large, gone) is skipped.
 * - One insert writes the new photos; a failure leaves no row and no file.
 */
import { asc, eq } from 'drizzle-orm';
import type { ImportedPhoto } from '../../../contract/film-import';
import { schema, type Db } from '../../../db';
import { mapWithConcurrency } from '../../../lib/infra/concurrency';
import type { KpImages } from '../kinopoisk/schemas';
import { IMPORT_CONCURRENCY, IMPORT_IMAGE_SIZES, withImportImages } from './images';
import { emptyWhenMissing, startAddingToFilm, type ImportCtx, type ImportOptions } from './shared';

export const STILLS_MAX = 40;

const { filmPhotos } = schema;
const NO_STILLS: KpImages = { total: 0, totalPages: 0, items: [] };

/** The film's photos, oldest first. */
export async function listFilmPhotos(db: Db, filmId: number): Promise<ImportedPhoto[]> {
  return db
    .select({ id: filmPhotos.id, photo: filmPhotos.photo })
    .from(filmPhotos)
    .where(eq(filmPhotos.filmId, filmId))
    .orderBy(asc(filmPhotos.id));
}

export async function importFilmStills(
  ctx: ImportCtx,
  kinopoiskId: number,
  options: ImportOptions = {},
): Promise<ImportedPhoto[]> {
  const { film, client, progress } = await startAddingToFilm(ctx, kinopoiskId, options);

  await progress('fetch', 0, 1);
  const urls: string[] = [];
  for (let page = 1, pages = 1; page <= pages && urls.length < STILLS_MAX; page++) {
    const answer = await emptyWhenMissing(client.stills(kinopoiskId, page), NO_STILLS);
    pages = answer.totalPages;
    urls.push(...answer.items.map((i) => i.imageUrl.trim()).filter(Boolean));
  }
  await progress('fetch', 1, 1);

  const stored = await ctx.db
    .select({ sourceUrl: filmPhotos.sourceUrl })
    .from(filmPhotos)
    .where(eq(filmPhotos.filmId, film.id));
  const storedUrls = new Set(stored.map((s) => s.sourceUrl));
  const wanted = [...new Set(urls)].slice(0, STILLS_MAX).filter((url) => !storedUrls.has(url));

  await withImportImages(ctx, async (images) => {
    let done = 0;
    await progress('download', done, wanted.length);
    const downloaded = await mapWithConcurrency(wanted, IMPORT_CONCURRENCY, async (sourceUrl) => {
      const photo = await images.store(sourceUrl, IMPORT_IMAGE_SIZES.still);
      await progress('download', ++done, wanted.length);
      return photo ? { filmId: film.id, photo, sourceUrl } : undefined;
    });
    const rows = downloaded.filter((r) => r !== undefined);
    await progress('save', 0, 1);
    const inserted =
      rows.length === 0
        ? []
        : await ctx.db.insert(filmPhotos).values(rows).onConflictDoNothing().returning({ photo: filmPhotos.photo });
    // A still another import stored while this one was downloading keeps that import's file.
    const kept = new Set(inserted.map((r) => r.photo));
    await images.committed(rows.filter((r) => !kept.has(r.photo)).map((r) => r.photo));
    await progress('save', 1, 1);
  });
  ctx.logger.info(
    { kinopoiskId, filmId: film.id, stills: urls.length, downloaded: wanted.length },
    'film stills imported from Kinopoisk',
  );
  return listFilmPhotos(ctx.db, film.id);
}
