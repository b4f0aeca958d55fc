/**
 * Adds the cast and crew of an imported film from Kinopoisk (SPEC: GET
 * /api/upload-persons-for-film/{kinopoiskId}) and answers every person of the film: [{ id, main_img, fio }].
 *
 * - People are matched by their Kinopoisk staff id (persons.kinopoisk_id). Someone we do not have
 *   yet is looked up (birthday, birthplace, careers: GET /api/v1/staff/{id}) and their photo
 *   downloaded, IMPORT_CONCURRENCY at a time; people we have are linked as they are (staff may have
 *   edited them), with no request.
 * - Each part links person and film: actors as 'actor' with the character as position, everyone
 *   else under their Kinopoisk profession ('director', 'writer'…) with its name as position.
 *   film_persons is unique on (film, person, role): importing again adds nothing.
 * - At most PERSONS_MAX parts, in Kinopoisk's order (directors, then actors by billing, then the
 *   rest): a blockbuster lists hundreds and the page shows the first few.
 * - One transaction writes the people and the links; a failure leaves no row and no file.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { FILM_ROLE_LABELS } from '../../../contract/constants';
import type { ImportedPerson } from '../../../contract/film-import';
import { schema, type Db } from '../../../db';
import { mapWithConcurrency } from '../../../lib/infra/concurrency';
import type { KinopoiskClient } from '../kinopoisk/client';
import type { KpPerson, KpStaffMember } from '../kinopoisk/schemas';
import { IMPORT_CONCURRENCY, IMPORT_IMAGE_SIZES, withImportImages, type ImportImages } from './images';
import { emptyWhenMissing, startAddingToFilm, type reporter, type ImportCtx, type ImportOptions } from './shared';

export const PERSONS_MAX = 40;

const { persons, filmPersons } = schema;

interface Part {
  staffId: number;
  fio: string;
  posterUrl: string | null;
  role: string;
  position: string | null;
}

const clip = (text: string | null | undefined, max: number) => text?.replace(/\s+/g, ' ').trim().slice(0, max) || null;

/** A staff member as a part in the film; undefined for someone without a name. */
function partOf(member: KpStaffMember): Part | undefined {
  const fio = clip(member.nameRu, 255) ?? clip(member.nameEn, 255);
  if (!fio) return undefined;
  const role = member.professionKey.toLowerCase().slice(0, 50);
  const position =
    role === 'actor' ? clip(member.description, 255) : (FILM_ROLE_LABELS[role] ?? clip(member.professionText, 255));
  return { staffId: member.staffId, fio, posterUrl: member.posterUrl ?? null, role, position };
}

/** 'YYYY-MM-DD' that is a real day, else null. */
function dateOrNull(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  return new Date(`${text}T00:00:00Z`).toISOString().startsWith(text) ? text : null;
}

/** A person row for someone new, with what their Kinopoisk page says (when it answered). */
function personRow(part: Part, details: KpPerson | null, photo: string | null): typeof persons.$inferInsert {
  return {
    fio: part.fio,
    mainImg: photo,
    kinopoiskId: String(part.staffId),
    birthday: dateOrNull(details?.birthday),
    placeBirthday: clip(details?.birthplace, 255),
    careers: (details?.profession ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  };
}

/** Looks up and photographs the people we do not have; answers their rows and the photo files stored. */
async function newcomers(
  client: KinopoiskClient,
  images: ImportImages,
  parts: Part[],
  progress: ReturnType<typeof reporter>,
) {
  let done = 0;
  await progress('download', done, parts.length);
  return mapWithConcurrency(parts, IMPORT_CONCURRENCY, async (part) => {
    const details = await emptyWhenMissing<KpPerson | null>(client.person(part.staffId), null);
    const photo = await images.store(part.posterUrl ?? details?.posterUrl, IMPORT_IMAGE_SIZES.person);
    await progress('download', ++done, parts.length);
    return { row: personRow(part, details, photo), photo };
  });
}

/** The film's people, each once, in the order they were linked. */
export async function listFilmPersons(db: Db, filmId: number): Promise<ImportedPerson[]> {
  return db
    .select({ id: persons.id, main_img: persons.mainImg, fio: persons.fio })
    .from(filmPersons)
    .innerJoin(persons, eq(persons.id, filmPersons.personId))
    .where(eq(filmPersons.filmId, filmId))
    .groupBy(persons.id)
    .orderBy(asc(sql`min(${filmPersons.id})`));
}

export async function importFilmPersons(
  ctx: ImportCtx,
  kinopoiskId: number,
  options: ImportOptions = {},
): Promise<ImportedPerson[]> {
  const { film, client, progress } = await startAddingToFilm(ctx, kinopoiskId, options);

  await progress('fetch', 0, 1);
  const staff = await emptyWhenMissing(client.staff(kinopoiskId), []);
  await progress('fetch', 1, 1);
  const parts = staff
    .map(partOf)
    .filter((p) => p !== undefined)
    .slice(0, PERSONS_MAX);
  const staffIds = [...new Set(parts.map((p) => String(p.staffId)))];
  const known =
    staffIds.length === 0
      ? []
      : await ctx.db
          .select({ kinopoiskId: persons.kinopoiskId })
          .from(persons)
          .where(inArray(persons.kinopoiskId, staffIds));
  const knownIds = new Set(known.map((p) => p.kinopoiskId));
  const missing = [
    ...new Map(parts.filter((p) => !knownIds.has(String(p.staffId))).map((p) => [p.staffId, p])).values(),
  ];

  await withImportImages(ctx, async (images) => {
    const created = await newcomers(client, images, missing, progress);
    await progress('save', 0, 1);
    const unusedPhotos = await ctx.db.transaction(async (tx) => {
      const inserted =
        created.length === 0
          ? []
          : await tx
              .insert(persons)
              // Ascending Kinopoisk ids: imports of films sharing people take the index locks in one order.
              .values(created.map((c) => c.row).sort((a, b) => Number(a.kinopoiskId) - Number(b.kinopoiskId)))
              .onConflictDoNothing({ target: persons.kinopoiskId })
              .returning({ kinopoiskId: persons.kinopoiskId });
      const rows =
        staffIds.length === 0
          ? []
          : await tx
              .select({ id: persons.id, kinopoiskId: persons.kinopoiskId })
              .from(persons)
              .where(inArray(persons.kinopoiskId, staffIds));
      const personId = new Map(rows.map((r) => [r.kinopoiskId, r.id]));
      const links = new Map(
        parts.map((p) => {
          const id = personId.get(String(p.staffId))!;
          return [`${id}/${p.role}`, { filmId: film.id, personId: id, role: p.role, position: p.position }];
        }),
      );
      if (links.size > 0) {
        // Kinopoisk's order: film_persons ids keep it, and the answer lists people by it.
        await tx
          .insert(filmPersons)
          .values([...links.values()])
          .onConflictDoNothing();
      }
      // A person another import created while this one was downloading keeps that import's photo.
      const insertedIds = new Set(inserted.map((r) => r.kinopoiskId));
      return created.filter((c) => c.photo && !insertedIds.has(c.row.kinopoiskId!)).map((c) => c.photo!);
    });
    await images.committed(unusedPhotos);
    await progress('save', 1, 1);
  });
  ctx.logger.info(
    { kinopoiskId, filmId: film.id, parts: parts.length, looked_up: missing.length },
    'film cast imported from Kinopoisk',
  );
  return listFilmPersons(ctx.db, film.id);
}
