import type { FilmGenre, Genre } from '../../contract/catalog';
import type { schema } from '../../db';

type GenreRow = Pick<typeof schema.genres.$inferSelect, 'id' | 'name'>;

export const presentGenre = (row: GenreRow): Genre => ({ id: row.id, name: row.name });

/** A film's genres as `genres[].genre.name`, alphabetical. */
export function presentFilmGenres(links: { genre: GenreRow }[]): FilmGenre[] {
  return links
    .map(({ genre }) => ({ genre_id: genre.id, genre: presentGenre(genre) }))
    .sort((a, b) => a.genre.name.localeCompare(b.genre.name, 'ru'));
}

/** The relational-query `with` that loads what presentFilmGenres needs. */
export const withFilmGenres = { genres: { with: { genre: true } } } as const;
