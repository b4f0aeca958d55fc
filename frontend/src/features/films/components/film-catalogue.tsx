import type { CatalogueFilm, FilmListQuery, FilmShowing } from '@kino/backend/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { capitalize } from '../../../shared/lib/format';
import { JsonLd } from '../../../shared/seo/json-ld';
import { filmList } from '../../../shared/seo/structured-data';
import type { SeoSite } from '../../../shared/seo/structured-data';
import { useSeoSite } from '../../../shared/seo/use-seo-site';
import { QueryState } from '../../../shared/ui/query-state';
import { useCountries, useFilms, useGenres } from '../api/films';
import { FilmCard } from './film-card';
import { FilmGrid } from './film-grid';
import styles from './film-catalogue.module.css';

/** A filter value from the address: a positive id, or none. */
const idParam = (value: string | null) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);
/** The search text from the address, as the API takes it (trimmed, at most 100 characters). */
const textParam = (value: string | null) => value?.trim().slice(0, 100) || undefined;

/** The catalogue's sections in order: on the bill, announced, not showing. */
const SECTIONS: { showing: FilmShowing; title: string; empty?: string }[] = [
  { showing: 'now', title: 'Сейчас в кино', empty: 'Сейчас в прокате нет фильмов.' },
  { showing: 'soon', title: 'Скоро в кино', empty: 'Анонсов пока нет.' },
  { showing: 'off', title: 'Не в прокате' },
];

/**
 * /films: every film in three sections (on the bill, «Скоро в кино», not showing), searched by title or
 * cast and filtered by genre and country. The search and the filters live in the address (?q=&genre=&country=)
 * and are a plain GET form, so they work without JavaScript too; with it the list follows at once.
 */
export function FilmCatalogue() {
  const [params, setParams] = useSearchParams();
  const filters: FilmListQuery = {
    q: textParam(params.get('q')),
    genre: idParam(params.get('genre')),
    country: idParam(params.get('country')),
  };
  const films = useFilms(filters);
  const site = useSeoSite();
  const genres = useGenres();
  const countries = useCountries();
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // The box shows what is typed; a new address (a reset, the back button) puts its text in.
  const [text, setText] = useState(filters.q ?? '');
  const [shownQuery, setShownQuery] = useState(filters.q);
  if (shownQuery !== filters.q) {
    setShownQuery(filters.q);
    setText(filters.q ?? '');
  }

  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setParams(next, { replace: true });
  };

  return (
    <>
      <form
        className={styles.filters}
        role="search"
        aria-label="Поиск фильмов"
        method="get"
        action={paths.films}
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        <label className={`${styles.field} ${styles.search}`}>
          <span>Название или актёр</span>
          <input
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={100}
            placeholder="Например, Гелиос"
            autoComplete="off"
            enterKeyHint="search"
          />
        </label>
        <label className={styles.field}>
          <span>Жанр</span>
          <select name="genre" value={filters.genre ?? ''} onChange={(e) => apply(e.currentTarget.form!)}>
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
          <select name="country" value={filters.country ?? ''} onChange={(e) => apply(e.currentTarget.form!)}>
            <option value="">Все страны</option>
            {countries.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.submit}>
          Найти
        </button>
        {filtered && (
          <a
            className={styles.reset}
            href={paths.films}
            onClick={(e) => {
              e.preventDefault();
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Сбросить
          </a>
        )}
      </form>
      <QueryState
        query={films}
        loading="Загрузка фильмов..."
        error="Не удалось загрузить фильмы"
        empty={
          filtered ? (
            <span role="status">
              {filters.q ? `По запросу «${filters.q}» фильмов не нашлось` : 'По выбранным фильтрам фильмов нет'}.
              Проверьте написание или сбросьте фильтры.
            </span>
          ) : (
            'Фильмов пока нет'
          )
        }
        isEmpty={(list) => list.length === 0}
      >
        {(list) => <CatalogueSections films={list} filtered={filtered} site={site} />}
      </QueryState>
    </>
  );
}

function CatalogueSections({
  films,
  filtered,
  site,
}: {
  films: CatalogueFilm[];
  filtered: boolean;
  site: SeoSite | null;
}) {
  const bill = films.filter((f) => f.showing === 'now');
  return (
    <>
      {filtered && (
        <p className={styles.found} role="status">
          Найдено фильмов: {films.length}
        </p>
      )}
      {SECTIONS.map(({ showing, title, empty }, section) => {
        const list = films.filter((f) => f.showing === showing);
        // Searching, an empty section says nothing; otherwise the bill and the announcements say they are empty.
        if (list.length === 0 && (filtered || !empty)) return null;
        const id = `films-${showing}`;
        return (
          <section key={showing} className={styles.section} aria-labelledby={id}>
            <h2 id={id}>{title}</h2>
            {list.length === 0 ? (
              <p className={styles.empty}>{empty}</p>
            ) : (
              <FilmGrid>
                {list.map((film, i) => (
                  // The first row of the first section is on a phone's first screen (two posters a row).
                  <FilmCard key={film.id} film={film} image="poster" headingLevel={3} eager={section === 0 && i < 2} />
                ))}
              </FilmGrid>
            )}
          </section>
        );
      })}
      {bill.length > 0 && site && <JsonLd data={filmList(site, bill)} />}
    </>
  );
}
