import type { FilmListQuery } from '@kino/backend/contract';
import { useSearchParams } from 'react-router';
import { capitalize } from '../../../shared/lib/format';
import { QueryState } from '../../../shared/ui/query-state';
import { useCountries, useFilms, useGenres } from '../api/films';
import { FilmCard } from './film-card';
import { FilmGrid } from './film-grid';
import styles from './film-catalogue.module.css';

/** A filter value from the address: a positive id, or none. */
const idParam = (value: string | null) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);

/** /films: every film, filtered by genre and country; the filters live in the address (?genre=&country=). */
export function FilmCatalogue() {
  const [params, setParams] = useSearchParams();
  const filters: FilmListQuery = { genre: idParam(params.get('genre')), country: idParam(params.get('country')) };
  const films = useFilms(filters);
  const genres = useGenres();
  const countries = useCountries();
  const filtered = filters.genre !== undefined || filters.country !== undefined;

  const setFilter = (name: keyof FilmListQuery, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <form className={styles.filters} aria-label="Фильтры" onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          <span>Жанр</span>
          <select value={filters.genre ?? ''} onChange={(e) => setFilter('genre', e.target.value)}>
            <option value="">Все жанры</option>
            {genres.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {capitalize(g.name)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Страна</span>
          <select value={filters.country ?? ''} onChange={(e) => setFilter('country', e.target.value)}>
            <option value="">Все страны</option>
            {countries.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.reset}
          disabled={!filtered}
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
        >
          Сбросить фильтры
        </button>
      </form>
      <QueryState
        query={films}
        loading="Загрузка фильмов..."
        error="Не удалось загрузить фильмы"
        empty={filtered ? 'По выбранным фильтрам фильмов нет' : 'Фильмов пока нет'}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <FilmGrid>
            {list.map((film) => (
              <FilmCard key={film.id} film={film} image="poster" headingLevel={2} />
            ))}
          </FilmGrid>
        )}
      </QueryState>
    </>
  );
}
