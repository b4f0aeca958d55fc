/** What the viewers left behind: reviews (identified by author, film and title) and the demo viewer's favourites. */
import { inArray } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { VIEWER_FAVOURITES } from './data/accounts';
import type { FilmSlug } from './data/films';
import type { PersonSlug } from './data/persons';
import { REVIEWS } from './data/reviews';

const DAY = 86_400_000;

/** How many reviews were created. */
export async function ensureReviews(
  db: Db,
  users: Map<string, number>,
  films: Map<FilmSlug, number>,
  now: Date,
): Promise<number> {
  const rows = REVIEWS.map((r) => ({
    filmId: films.get(r.film)!,
    userId: users.get(r.author)!,
    title: r.title,
    comment: r.comment,
    typeRating: r.typeRating,
    createdAt: new Date(now.getTime() - r.daysAgo * DAY),
  }));
  const keyOf = (r: { userId: number; filmId: number; title: string }) => `${r.userId}|${r.filmId}|${r.title}`;
  const existing = new Set(
    (
      await db
        .select({ userId: schema.reviews.userId, filmId: schema.reviews.filmId, title: schema.reviews.title })
        .from(schema.reviews)
        .where(inArray(schema.reviews.userId, [...new Set(rows.map((r) => r.userId))]))
    ).map(keyOf),
  );
  const missing = rows.filter((r) => !existing.has(keyOf(r)));
  if (missing.length > 0) await db.insert(schema.reviews).values(missing);
  return missing.length;
}

/** How many favourites of the demo viewer were added (a favourite exists at most once). */
export async function ensureFavourites(
  db: Db,
  viewer: number,
  films: Map<FilmSlug, number>,
  persons: Map<PersonSlug, number>,
): Promise<number> {
  const addedFilms = await db
    .insert(schema.favouriteFilms)
    .values(VIEWER_FAVOURITES.films.map((f) => ({ userId: viewer, filmId: films.get(f)! })))
    .onConflictDoNothing()
    .returning({ filmId: schema.favouriteFilms.filmId });
  const addedPersons = await db
    .insert(schema.favouritePersons)
    .values(VIEWER_FAVOURITES.persons.map((p) => ({ userId: viewer, personId: persons.get(p)! })))
    .onConflictDoNothing()
    .returning({ personId: schema.favouritePersons.personId });
  return addedFilms.length + addedPersons.length;
}
