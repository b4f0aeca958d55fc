/** What the three import operations share: their options, the id check and the imported film look-up. */
import { eq } from 'drizzle-orm';
import { KINOPOISK_ID_MAX, type ImportProgress } from '../../../contract/film-import';
import type { AppContext } from '../../../context';
import { schema, type Db } from '../../../db';
import { invalidInput, notFound } from '../../../lib/http/errors';
import { kinopoiskClient } from '../kinopoisk/client';
import { isKinopoiskNotFound } from '../kinopoisk/errors';

export type ImportCtx = Pick<AppContext, 'db' | 'config' | 'logger'>;

export interface ImportOptions {
  /**
   * Called as the import advances (the HTTP call pushes it to the person's pages). Awaited, so a
   * slow listener slows the import rather than piling up calls; its failures fail the import.
   */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

export const reporter =
  ({ onProgress }: ImportOptions) =>
  async (stage: ImportProgress['stage'], done: number, total: number) => {
    await onProgress?.({ stage, done, total });
  };

/** Services take the id as a number; anything but a positive integer of at most nine digits is a 400. */
export function checkKinopoiskId(kinopoiskId: number): void {
  if (!Number.isInteger(kinopoiskId) || kinopoiskId < 1 || kinopoiskId > KINOPOISK_ID_MAX) {
    throw invalidInput({ kinopoisk_id: 'Укажите id фильма на Кинопоиске: только цифры, например 301' });
  }
}

/** Our film imported from this Kinopoisk id, or undefined. */
export async function filmByKinopoiskId(db: Db, kinopoiskId: number) {
  const [film] = await db
    .select({ id: schema.films.id, title: schema.films.title })
    .from(schema.films)
    .where(eq(schema.films.kinopoiskId, String(kinopoiskId)))
    .limit(1);
  return film;
}

/**
 * Cast and stills are added to a film already imported (404 until it is): the film, a client for
 * Kinopoisk and the progress reporter, after the id is checked.
 */
export async function startAddingToFilm(ctx: ImportCtx, kinopoiskId: number, options: ImportOptions) {
  checkKinopoiskId(kinopoiskId);
  const film = await filmByKinopoiskId(ctx.db, kinopoiskId);
  if (!film) throw notFound(`Фильма с id Кинопоиска ${kinopoiskId} у нас нет: сначала импортируйте сам фильм`);
  return { film, client: kinopoiskClient(ctx), progress: reporter(options) };
}

/** What Kinopoisk has nothing for (404) is empty: a film without videos, a cast or stills. */
export const emptyWhenMissing = <T>(request: Promise<T>, empty: T): Promise<T> =>
  request.catch((err: unknown) => {
    if (isKinopoiskNotFound(err)) return empty;
    throw err;
  });
