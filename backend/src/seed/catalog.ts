/** Genres, countries and halls, identified by their unique names. */
import { schema, type Db } from '../db';
import { DEMO_CINEMA } from './data/cinema';
import { FILMS } from './data/films';
import { ensureByKey } from './ensure';

export const HALL_COUNT = 4;

/** The halls in order: the first one is the IMAX hall. Capacity is the default 110. */
export const HALL_NAMES = Array.from({ length: HALL_COUNT }, (_, i) => `${DEMO_CINEMA.name} Зал ${i + 1}`);

export interface Named {
  /** Name → id. */
  ids: Map<string, number>;
  created: number;
}

async function ensureNamed(
  db: Db,
  table: typeof schema.genres | typeof schema.countries | typeof schema.halls,
  names: readonly string[],
): Promise<Named> {
  const unique = [...new Set(names)];
  const { idOf, created } = await ensureByKey(
    db,
    table,
    table.name,
    unique,
    (name) => name,
    (missing) => missing.map((name) => ({ name })),
  );
  return { ids: new Map(unique.map((name) => [name, idOf(name)])), created: created.length };
}

export const ensureGenres = (db: Db) =>
  ensureNamed(
    db,
    schema.genres,
    FILMS.flatMap((f) => f.genres),
  );
export const ensureCountries = (db: Db) =>
  ensureNamed(
    db,
    schema.countries,
    FILMS.flatMap((f) => f.countries),
  );
export const ensureHalls = (db: Db) => ensureNamed(db, schema.halls, HALL_NAMES);
