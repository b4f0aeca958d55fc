import { useFilms } from '../../features/films/api/films';
import { FilmCatalogue } from '../../features/films/components/film-catalogue';
import { firstFilmPicture, usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';

const titles = (films: readonly { title: string }[]) => films.map((film) => film.title).join(', ');

/** /films: the catalogue with genre and country filters. */
export default function FilmsPage() {
  // The whole catalogue (the list's own read when nothing is filtered) describes the page.
  const films = useFilms({}).data ?? [];
  const now = films.filter((film) => film.showing === 'now');
  const soon = films.filter((film) => film.showing === 'soon');
  usePageMeta({
    title: 'Фильмы',
    description: summary(
      [
        now.length ? `Сейчас в кино: ${titles(now)}.` : 'Сейчас в прокате нет фильмов.',
        soon.length ? `Скоро в кино: ${titles(soon)}.` : '',
        'Поиск по названию и актёрам, жанры и страны.',
      ].join(' '),
    ),
    image: firstFilmPicture(now),
  });
  return (
    <>
      <h1>Фильмы</h1>
      <FilmCatalogue />
    </>
  );
}
