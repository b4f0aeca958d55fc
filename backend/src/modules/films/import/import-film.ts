/**
 * Imports a film from Kinopoisk by its id (SPEC: POST /api/films/store): the film document, its
 * videos and box office are read, the poster and the cover (our promo image) downloaded, then one
 * transaction writes the film with its genres, countries and playable videos. Answers `{ id }`.
 *
 * - Already imported (films.kinopoisk_id is unique) → 409 film_already_imported, details.id the
 *   film; checked first (no Kinopoisk request) and again by the insert itself, so two imports of
 *   one id at once create one film and the other answers 409.
 * - Nothing is half-written: any failure rolls the transaction back and deletes the downloaded files.
 * - The film arrives out of rental (is_rent 0): it has no sessions yet and staff usually check the
 *   poster, trailer and age first; in rental it would go straight to the home page's banner and
 *   new films. The edit screen puts it in rental.
 */
import type { ImportedFilm } from '../../../contract/film-import';
import { AppError } from '../../../lib/http/errors';
import { schema } from '../../../db';
import { kinopoiskClient } from '../kinopoisk/client';
import { kinopoiskIncomplete } from '../kinopoisk/errors';
import {
  ageFrom,
  budgetFrom,
  distinctNames,
  filmTitle,
  minutesFrom,
  playableVideos,
  ratingFrom,
  yearFrom,
} from './film-fields';
import { IMPORT_IMAGE_SIZES, withImportImages } from './images';
import { idsByName } from './reference-names';
import {
  checkKinopoiskId,
  emptyWhenMissing,
  filmByKinopoiskId,
  reporter,
  type ImportCtx,
  type ImportOptions,
} from './shared';

const alreadyImported = (id: number) => new AppError('film_already_imported', 'Этот фильм уже импортирован', { id });

export async function importFilm(
  ctx: ImportCtx,
  kinopoiskId: number,
  options: ImportOptions = {},
): Promise<ImportedFilm> {
  checkKinopoiskId(kinopoiskId);
  const client = kinopoiskClient(ctx);
  const progress = reporter(options);
  const existing = await filmByKinopoiskId(ctx.db, kinopoiskId);
  if (existing) throw alreadyImported(existing.id);

  await progress('fetch', 0, 3);
  const [film, videos, boxOffice] = await Promise.all([
    client.film(kinopoiskId),
    emptyWhenMissing(client.videos(kinopoiskId), { total: 0, items: [] }),
    emptyWhenMissing(client.boxOffice(kinopoiskId), { total: 0, items: [] }),
  ]);
  await progress('fetch', 3, 3);
  const title = filmTitle(film);
  const time = minutesFrom(film);
  if (!title) throw kinopoiskIncomplete('У фильма на Кинопоиске нет названия: импортировать нечего');
  // The schedule derives a session's end from the running time, and the edit screen has no field for it.
  if (time === undefined) {
    throw kinopoiskIncomplete(
      `У фильма «${title}» на Кинопоиске не указана длительность: его нельзя поставить в расписание`,
    );
  }
  const trailers = playableVideos(videos);

  return withImportImages(ctx, async (images) => {
    await progress('download', 0, 2);
    const [poster, promo] = await Promise.all([
      images.store(film.posterUrl, IMPORT_IMAGE_SIZES.poster),
      images.store(film.coverUrl, IMPORT_IMAGE_SIZES.promo),
    ]);
    await progress('download', 2, 2);

    await progress('save', 0, 1);
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(schema.films)
        .values({
          title,
          description: (film.description ?? film.shortDescription ?? '').trim(),
          age: ageFrom(film.ratingAgeLimits),
          year: yearFrom(film),
          budget: budgetFrom(boxOffice),
          time,
          rating: ratingFrom(film),
          poster,
          promoImg: promo,
          trailer: trailers[0] ?? null,
          kinopoiskId: String(kinopoiskId),
          isRent: 0,
        })
        .onConflictDoNothing({ target: schema.films.kinopoiskId })
        .returning({ id: schema.films.id });
      if (!created) {
        // Another import of this id committed while this one was downloading.
        const winner = await filmByKinopoiskId(tx, kinopoiskId);
        throw alreadyImported(winner!.id);
      }
      const genreIds = await idsByName(tx, schema.genres, distinctNames(film.genres.map((g) => g.genre)));
      const countryIds = await idsByName(tx, schema.countries, distinctNames(film.countries.map((c) => c.country)));
      if (genreIds.length > 0) {
        await tx.insert(schema.filmGenres).values(genreIds.map((genreId) => ({ filmId: created.id, genreId })));
      }
      if (countryIds.length > 0) {
        await tx
          .insert(schema.filmCountries)
          .values(countryIds.map((countryId) => ({ filmId: created.id, countryId })));
      }
      if (trailers.length > 0) {
        await tx.insert(schema.filmVideos).values(trailers.map((video) => ({ filmId: created.id, video })));
      }
      return created.id;
    });
    await images.committed();
    await progress('save', 1, 1);
    ctx.logger.info({ kinopoiskId, filmId: id }, 'film imported from Kinopoisk');
    return { id };
  });
}
