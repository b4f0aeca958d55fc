import type { PersonDetail, PersonListItem, PersonMovie } from '../../contract/persons';
import type { schema } from '../../db';
import { presentFilmGenres } from '../genres/presenter';

type PersonRow = typeof schema.persons.$inferSelect;
type MovieRow = typeof schema.films.$inferSelect & { genres: Parameters<typeof presentFilmGenres>[0] };

export const presentPersonListItem = (person: PersonRow, filmsCount: number): PersonListItem => ({
  id: person.id,
  fio: person.fio,
  main_img: person.mainImg,
  birthday: person.birthday,
  // SPEC's `role` is the careers list, JSON-encoded.
  role: JSON.stringify(person.careers),
  films_count: filmsCount,
});

const presentPersonMovie = (film: MovieRow): PersonMovie => ({
  id: film.id,
  title: film.title,
  year: film.year,
  age: film.age,
  poster: film.poster,
  promo_img: film.promoImg,
  genres: presentFilmGenres(film.genres),
});

/** The person with each of their films once (a person may have several parts in one film), newest first. */
export function presentPersonDetail(
  person: PersonRow & {
    photos: (typeof schema.personPhotos.$inferSelect)[];
    films: { film: MovieRow }[];
  },
): PersonDetail {
  const movies = [...new Map(person.films.map(({ film }) => [film.id, film])).values()].sort(
    (a, b) => (b.year ?? 0) - (a.year ?? 0) || a.title.localeCompare(b.title, 'ru'),
  );
  return {
    ...presentPersonListItem(person, movies.length),
    place_birthday: person.placeBirthday,
    movies: movies.map(presentPersonMovie),
    photo: person.photos.map((p) => ({ id: p.id, photo: p.photo })),
  };
}
