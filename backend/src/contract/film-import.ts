/**
 * Importing films from Kinopoisk (SPEC: POST /api/films/store, GET /api/upload-persons-for-film/{kinopoiskId},
 * GET /api/upload-image-for-film/{kinopoiskId}): the id the staff member types, what each import
 * answers, and the progress a long import reports while it runs.
 */
import { z } from './zod';

/** Kinopoisk ids are positive integers; nine digits cover them with room to spare. */
export const KINOPOISK_ID_MAX = 999_999_999;

/** A Kinopoisk film id as typed or put in a path: digits only, e.g. '301' → 301. */
export const KinopoiskIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,8}$/, 'Укажите id фильма на Кинопоиске: только цифры, например 301')
  .transform(Number);

/** POST /api/films/store answers the new film's id (the page then goes to /films/{id}). */
export const ImportedFilmSchema = z.strictObject({ id: z.number().int() });
export type ImportedFilm = z.infer<typeof ImportedFilmSchema>;

/** GET /api/upload-persons-for-film/{kinopoiskId}: every person of the film after the import. */
export const ImportedPersonSchema = z.strictObject({
  id: z.number().int(),
  main_img: z.string().nullable(),
  fio: z.string(),
});
export type ImportedPerson = z.infer<typeof ImportedPersonSchema>;
export const ImportedPersonListSchema = z.array(ImportedPersonSchema);

/** GET /api/upload-image-for-film/{kinopoiskId}: every photo of the film after the import. */
export const ImportedPhotoSchema = z.strictObject({ id: z.number().int(), photo: z.string() });
export type ImportedPhoto = z.infer<typeof ImportedPhotoSchema>;
export const ImportedPhotoListSchema = z.array(ImportedPhotoSchema);

/**
 * Where a running import is: 'fetch' (asking Kinopoisk), 'download' (images, `done` of `total`),
 * 'save' (writing to the database). Pushed live to the importing person's pages.
 */
export const ImportProgressSchema = z.strictObject({
  stage: z.enum(['fetch', 'download', 'save']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** What is being imported: the film itself, its cast or its stills. */
export type ImportKind = 'film' | 'persons' | 'stills';
/** The progress pushed to the importing person's pages, naming the import it belongs to. */
export type ImportProgressEvent = ImportProgress & { kinopoiskId: number; kind: ImportKind };
