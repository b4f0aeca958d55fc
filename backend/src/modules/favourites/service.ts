/**
 * Favourite films and persons of a viewer. Both lists work the same way; KINDS says where each
 * lives. Adding twice or removing what is not there changes nothing.
 */
import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode, schema } from '../../db';
import { notFound } from '../../lib/http/errors';

export const KINDS = {
  movie: { table: schema.favouriteFilms, target: schema.favouriteFilms.filmId, missing: 'Фильм не найден' },
  person: { table: schema.favouritePersons, target: schema.favouritePersons.personId, missing: 'Персона не найдена' },
} as const;
export type FavouriteKind = keyof typeof KINDS;

const row = (kind: FavouriteKind, userId: number, id: number) =>
  kind === 'movie' ? { userId, filmId: id } : { userId, personId: id };

/** 404 when the film or person does not exist. */
export async function addFavourite(ctx: Pick<AppContext, 'db'>, kind: FavouriteKind, userId: number, id: number) {
  try {
    await ctx.db
      .insert(KINDS[kind].table)
      .values(row(kind, userId, id) as never)
      .onConflictDoNothing();
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw notFound(KINDS[kind].missing);
    throw err;
  }
}

export async function removeFavourite(ctx: Pick<AppContext, 'db'>, kind: FavouriteKind, userId: number, id: number) {
  const { table, target } = KINDS[kind];
  await ctx.db.delete(table).where(and(eq(table.userId, userId), eq(target, id)));
}

export async function isFavourite(ctx: Pick<AppContext, 'db'>, kind: FavouriteKind, userId: number, id: number) {
  const { table, target } = KINDS[kind];
  const found = await ctx.db
    .select({ userId: table.userId })
    .from(table)
    .where(and(eq(table.userId, userId), eq(target, id)))
    .limit(1);
  return found.length > 0;
}

/** Both lists, newest first: films with their genres, persons with how many of our films they are in. */
export async function listFavourites(ctx: Pick<AppContext, 'db'>, userId: number) {
  const [movies, persons] = await Promise.all([
    ctx.db.query.favouriteFilms.findMany({
      where: (f, { eq }) => eq(f.userId, userId),
      orderBy: (f, { desc }) => [desc(f.createdAt)],
      with: { film: { with: { genres: { with: { genre: true } } } } },
    }),
    ctx.db.query.favouritePersons.findMany({
      where: (f, { eq }) => eq(f.userId, userId),
      orderBy: (f, { desc }) => [desc(f.createdAt)],
      with: { person: true },
    }),
  ]);
  const { filmPersons } = schema;
  const personIds = persons.map((f) => f.personId);
  const counts = personIds.length
    ? await ctx.db
        .select({ personId: filmPersons.personId, films: countDistinct(filmPersons.filmId) })
        .from(filmPersons)
        .where(inArray(filmPersons.personId, personIds))
        .groupBy(filmPersons.personId)
    : [];
  const filmsOf = new Map(counts.map((c) => [c.personId, c.films]));
  return {
    movies: movies.map((f) => f.film),
    persons: persons.map((f) => ({ person: f.person, filmsCount: filmsOf.get(f.personId) ?? 0 })),
  };
}
