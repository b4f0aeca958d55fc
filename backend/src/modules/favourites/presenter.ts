import type { Favourites } from '../../contract/favourites';
import type { schema } from '../../db';
import { presentNewFilm } from '../films/presenter';
import { presentPersonListItem } from '../persons/presenter';

/** SPEC's shape: `movies[].movie`, `persons[].person`. */
export const presentFavourites = (lists: {
  movies: Parameters<typeof presentNewFilm>[0][];
  persons: { person: typeof schema.persons.$inferSelect; filmsCount: number }[];
}): Favourites => ({
  movies: lists.movies.map((film) => ({ movie: presentNewFilm(film) })),
  persons: lists.persons.map(({ person, filmsCount }) => ({ person: presentPersonListItem(person, filmsCount) })),
});
