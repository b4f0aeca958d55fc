import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { QueryState } from '../../../shared/ui/query-state';
import { Section } from '../../../shared/ui/section';
import { Slider } from '../../../shared/ui/slider';
import { useNewFilms } from '../api/films';
import { FilmCard } from './film-card';

/** The home page's strip of new films; the heading leads to the full list. */
export function NewFilmsStrip() {
  const films = useNewFilms();
  return (
    <Section
      id="new-films"
      title={
        <Link to={paths.newFilms}>
          Новинки <span aria-hidden="true">&gt;</span>
        </Link>
      }
    >
      <QueryState query={films} loading="Загрузка новинок..." error="Не удалось загрузить новинки">
        {(list) => (
          <Slider
            items={list}
            label="Новинки"
            perView={4}
            spaceBetween={24}
            getKey={(film) => film.id}
            renderItem={(film) => <FilmCard film={film} image="promo" />}
          />
        )}
      </QueryState>
    </Section>
  );
}
