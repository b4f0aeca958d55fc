/**
 * The demo films, identified by title. A film created now also gets its genres, countries, cast,
 * stills and videos; a film that exists is left as the staff may have edited it.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { CAST_ROLES, CASTS, DIRECTOR_POSITION } from './data/casts';
import { FILMS, type FilmSlug, type SeedFilm } from './data/films';
import type { PersonSlug } from './data/persons';
import { ensureByKey } from './ensure';
import { numbered, seedImage, STILLS_PER_FILM } from './images';
import type { ProgrammeFilm } from './programme';

export interface FilmRefs {
  genres: Map<string, number>;
  countries: Map<string, number>;
  persons: Map<PersonSlug, number>;
}

export interface SeededFilm extends ProgrammeFilm {
  isRent: number;
}

/** Film slug → id, and how many films were created. */
export async function ensureFilms(db: Db, refs: FilmRefs): Promise<{ ids: Map<FilmSlug, number>; created: number }> {
  const { idOf, created } = await ensureByKey(
    db,
    schema.films,
    schema.films.title,
    FILMS,
    (f) => f.title,
    (missing) => missing.map(filmRow),
  );
  if (created.length > 0) await insertFilmDetails(db, created, refs);
  return { ids: new Map(FILMS.map((f) => [f.slug, idOf(f)])), created: created.length };
}

/** The demo films as they are now in the database (times, formats and rental status may have been edited). */
export async function loadSeededFilms(db: Db, ids: Iterable<number>): Promise<SeededFilm[]> {
  return db
    .select({
      id: schema.films.id,
      time: schema.films.time,
      age: schema.films.age,
      typeGraphic: schema.films.typeGraphic,
      isRent: schema.films.isRent,
    })
    .from(schema.films)
    .where(inArray(schema.films.id, [...ids]))
    .orderBy(schema.films.id);
}

/**
 * The demo films' distribution certificate (ПУ) numbers, made up ('121' then the film's id on six
 * digits): sessions go on sale only for a film with one, and ЕАИС reports carry it. A number the
 * staff typed stays.
 */
export async function ensurePuNumbers(db: Db, ids: Iterable<number>): Promise<void> {
  const { films } = schema;
  await db
    .update(films)
    .set({ puNumber: sql`'121' || lpad(${films.id}::text, 6, '0')` })
    .where(and(inArray(films.id, [...ids]), isNull(films.puNumber)));
}

function filmRow(film: SeedFilm): typeof schema.films.$inferInsert {
  return {
    title: film.title,
    description: film.description,
    age: film.age,
    year: film.year,
    budget: film.budget,
    time: film.time,
    rating: film.rating,
    poster: seedImage.poster(film.slug),
    promoImg: seedImage.promo(film.slug),
    typeGraphic: film.typeGraphic,
    trailer: film.trailer,
    isRent: film.isRent,
  };
}

async function insertFilmDetails(db: Db, created: { item: (typeof FILMS)[number]; id: number }[], refs: FilmRefs) {
  const each = <T>(rows: (film: (typeof FILMS)[number], filmId: number) => T[]) =>
    created.flatMap(({ item, id }) => rows(item, id));
  await db
    .insert(schema.filmGenres)
    .values(each((f, filmId) => f.genres.map((g) => ({ filmId, genreId: refs.genres.get(g)! }))));
  await db
    .insert(schema.filmCountries)
    .values(each((f, filmId) => f.countries.map((c) => ({ filmId, countryId: refs.countries.get(c)! }))));
  await db.insert(schema.filmPersons).values(
    each((f, filmId) => {
      const cast = CASTS[f.slug];
      return [
        ...cast.directors.map((p) => ({
          filmId,
          personId: refs.persons.get(p)!,
          role: CAST_ROLES.director,
          position: DIRECTOR_POSITION,
        })),
        ...cast.actors.map(([p, character]) => ({
          filmId,
          personId: refs.persons.get(p)!,
          role: CAST_ROLES.actor,
          position: character,
        })),
      ];
    }),
  );
  await db
    .insert(schema.filmPhotos)
    .values(each((f, filmId) => numbered(STILLS_PER_FILM).map((n) => ({ filmId, photo: seedImage.still(f.slug, n) }))));
  await db.insert(schema.filmVideos).values(each((f, filmId) => f.videos.map((video) => ({ filmId, video }))));
}
