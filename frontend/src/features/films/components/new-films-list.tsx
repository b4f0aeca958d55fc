import { QueryState } from '../../../shared/ui/query-state';
import { useNewFilms } from '../api/films';
import { FilmCard } from './film-card';
import { FilmGrid } from './film-grid';

/** Every new film (/films/new). */
export function NewFilmsList() {
  const films = useNewFilms();
  return (
    <QueryState
      query={films}
      loading="Загрузка новинок..."
      error="Не удалось загрузить новинки"
      empty="Новинок пока нет"
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <FilmGrid wide>
          {list.map((film) => (
            <FilmCard key={film.id} film={film} image="promo" headingLevel={2} />
          ))}
        </FilmGrid>
      )}
    </QueryState>
  );
}
