/**
 * The back office's films (docs/product.md §2, /admin/dashboard/films and the film edit): the staff
 * table, the imports from Kinopoisk as HTTP calls, the edit and the poster upload. Each write says
 * what it changed, so the banner, new films, bill, catalogue and film page caches drop at once.
 */
import { desc, eq } from 'drizzle-orm';
import type { StaffPageQuery } from '../../contract/common';
import type { FilmCard, FilmDetail, FilmEdit } from '../../contract/films';
import type { ImportedFilm, ImportedPerson, ImportedPhoto, ImportKind } from '../../contract/film-import';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { announce, write } from '../../effects';
import { notFound } from '../../lib/http/errors';
import { removeStoredImage, storeImage } from '../../lib/documents/images';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import { emitterFor } from '../../realtime/emitter';
import { userRoom } from '../../realtime/rooms';
import type { UploadedFile } from '../../lib/http/upload';
import { withFilmCountries } from '../countries/presenter';
import { withFilmGenres } from '../genres/presenter';
import { IMPORT_IMAGE_SIZES } from './import/images';
import { importFilm } from './import/import-film';
import { importFilmPersons } from './import/import-film-persons';
import { importFilmStills } from './import/import-film-stills';
import { filmByKinopoiskId, type ImportOptions } from './import/shared';
import { presentFilmCard } from './presenter';
import { findFilm } from './service';

const { films } = schema;
const filmMissing = () => notFound('Фильм не найден');

/** The staff table: newest films first, `q` searching the title. */
export function listStaffFilms(ctx: Pick<AppContext, 'db'>, query: StaffPageQuery): Promise<Page<FilmCard>> {
  const where = searchCondition(query.q, films.title);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await ctx.db.query.films.findMany({
          where,
          orderBy: [desc(films.id)],
          limit,
          offset,
          with: { ...withFilmGenres, ...withFilmCountries },
        })
      ).map(presentFilmCard),
    () => ctx.db.$count(films, where),
  );
}

/*
 * The imports commit in their own transactions (modules/films/import); once one has answered, its
 * changes are said here. A film may have brought new genres and countries; a cast, new people.
 */

/** The importing person's pages learn how far the import has got (a lost push only loses a step). */
const progressTo =
  (ctx: AppContext, userId: number, kinopoiskId: number, kind: ImportKind): ImportOptions['onProgress'] =>
  (progress) => {
    emitterFor(ctx)
      .to(userRoom(userId))
      .emit('film-import:progress', { ...progress, kinopoiskId, kind });
  };

export async function storeFilm(ctx: AppContext, userId: number, kinopoiskId: number): Promise<ImportedFilm> {
  const film = await importFilm(ctx, kinopoiskId, { onProgress: progressTo(ctx, userId, kinopoiskId, 'film') });
  await announce(ctx, [{ what: 'films', ids: [film.id] }, { what: 'genres' }, { what: 'countries' }]);
  return film;
}

export async function addFilmPersons(ctx: AppContext, userId: number, kinopoiskId: number): Promise<ImportedPerson[]> {
  const persons = await importFilmPersons(ctx, kinopoiskId, {
    onProgress: progressTo(ctx, userId, kinopoiskId, 'persons'),
  });
  await announce(ctx, [{ what: 'persons' }]);
  return persons;
}

export async function addFilmStills(ctx: AppContext, userId: number, kinopoiskId: number): Promise<ImportedPhoto[]> {
  const photos = await importFilmStills(ctx, kinopoiskId, {
    onProgress: progressTo(ctx, userId, kinopoiskId, 'stills'),
  });
  const film = await filmByKinopoiskId(ctx.db, kinopoiskId);
  await announce(ctx, [{ what: 'films', ids: film ? [film.id] : [] }]);
  return photos;
}

/** Saves the edit screen's fields; answers the film as its page shows it. */
export async function editFilm(ctx: AppContext, id: number, edit: FilmEdit): Promise<FilmDetail> {
  const { title, description, age, year, budget, trailer, is_rent, no_discount_until, pu_number } = edit;
  const { pu_issued, pu_until, pu_reason, pushkin_event_id } = edit;
  await write(ctx, async (tx, changed) => {
    const [updated] = await tx
      .update(films)
      .set({
        title,
        description,
        age,
        year,
        budget,
        trailer,
        isRent: is_rent,
        // Absent: unchanged (SPEC's form has no such field); empty: cleared.
        ...(no_discount_until !== undefined ? { noDiscountUntil: no_discount_until } : {}),
        ...(pu_number !== undefined ? { puNumber: pu_number } : {}),
        ...(pu_issued !== undefined ? { puIssued: pu_issued } : {}),
        ...(pu_until !== undefined ? { puUntil: pu_until } : {}),
        ...(pu_reason !== undefined ? { puReason: pu_reason } : {}),
        ...(pushkin_event_id !== undefined ? { pushkinEventId: pushkin_event_id } : {}),
      })
      .where(eq(films.id, id))
      .returning({ id: films.id });
    if (!updated) throw filmMissing();
    changed({ what: 'films', ids: [id] });
  });
  return findFilm(ctx, id, ctx.clock.now());
}

/** Stores the uploaded poster (re-encoded) as the film's, and deletes the one it replaces. */
export async function replaceFilmPoster(
  ctx: AppContext,
  filmId: number,
  file: UploadedFile | undefined,
): Promise<{ poster: string }> {
  const poster = await storeImage(ctx.config, file, { ...IMPORT_IMAGE_SIZES.poster, field: 'poster' });
  try {
    const previous = await write(ctx, async (tx, changed) => {
      const [before] = await tx.select({ poster: films.poster }).from(films).where(eq(films.id, filmId)).for('update');
      if (!before) throw filmMissing();
      await tx.update(films).set({ poster }).where(eq(films.id, filmId));
      changed({ what: 'films', ids: [filmId] });
      return before.poster;
    });
    await removeStoredImage(ctx.config, previous);
    return { poster };
  } catch (err) {
    await removeStoredImage(ctx.config, poster);
    throw err;
  }
}
