/** What the person page derives from the person (docs/product.md §2). */
import type { PersonMovie } from '@kino/backend/contract';

/** The careers from SPEC's JSON-encoded `role`; anything unreadable gives none. */
export function careers(role: string): string[] {
  try {
    const parsed: unknown = JSON.parse(role);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** '2015–2024' (or one year) over the films that have a year; undefined when none has. */
export function yearRange(movies: readonly Pick<PersonMovie, 'year'>[]): string | undefined {
  const years = movies.map((m) => m.year).filter((y): y is number => y !== null);
  if (years.length === 0) return undefined;
  const [from, to] = [Math.min(...years), Math.max(...years)];
  return from === to ? String(from) : `${from}–${to}`;
}

/** The genres of the person's films, each once, in order of first appearance. */
export const personGenres = (movies: readonly Pick<PersonMovie, 'genres'>[]) => [
  ...new Map(movies.flatMap((m) => m.genres).map((g) => [g.genre_id, g])).values(),
];
