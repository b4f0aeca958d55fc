/**
 * /admin/dashboard/subtitles (manager, admin): Минкультуры's weekly rule for national films (REGISTRIES.md §4.3)
 * — each national film of the week (a Russian ПУ, or Россия among its countries) with its sessions, its
 * subtitled sessions and whether one of them starts from 18:00 to 22:00. The week is kept in the address
 * (`?week=2026-W48`), picked by any of its days or stepped a week at a time.
 */
import {
  addDays,
  formatDayWithWeekday,
  isoWeekMonday,
  isoWeekOf,
  SUBTITLED_PER_WEEK,
  toCinemaDate,
  type AccessibilityFilm,
  type AccessibilityReport,
} from '@kino/backend/contract';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../shared/api/hooks';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { DateFilter } from '../../../shared/ui/date-filter';
import { QueryState } from '../../../shared/ui/query-state';
import styles from './reports.module.css';

/** The week in the address when it is a real ISO week, else the current one. */
function useWeek(): [string, (week: string) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('week') ?? '';
  const week = isoWeekMonday(asked) ? asked : isoWeekOf(toCinemaDate(new Date()));
  const setWeek = (next: string) =>
    setSearch(
      (params) => {
        params.set('week', next);
        return params;
      },
      { replace: true },
    );
  return [week, setWeek];
}

export function SubtitlesPage() {
  useDocumentTitle('Субтитры');
  const [week, setWeek] = useWeek();
  const monday = isoWeekMonday(week)!;
  const report = useApiQuery(
    'GET /reports/accessibility',
    { query: { week } },
    { placeholderData: (previous) => previous },
  );
  const step = (days: number) => setWeek(isoWeekOf(addDays(monday, days)));

  return (
    <div className={styles.page}>
      <h1>Субтитры</h1>
      <p className={styles.note}>
        Правила Минкультуры: каждый национальный фильм в репертуаре — не меньше двух сеансов с субтитрами в неделю, один
        из них с 18:00 до 22:00. Национальный — с российским прокатным удостоверением (ПУ) или страной «Россия».
      </p>
      <form className={styles.filters} aria-label="Неделя отчёта" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.week}>
          <DateFilter
            label="Неделя (любой её день)"
            value={monday}
            onApply={(date) => date && setWeek(isoWeekOf(date))}
          />
          <button type="button" className={styles.button} aria-label="Предыдущая неделя" onClick={() => step(-7)}>
            ←
          </button>
          <button type="button" className={styles.button} aria-label="Следующая неделя" onClick={() => step(7)}>
            →
          </button>
        </div>
      </form>
      <p className={styles.note} aria-live="polite">
        Неделя {week.slice(6)}: {formatDayWithWeekday(monday)} — {formatDayWithWeekday(addDays(monday, 6))}
      </p>
      <QueryState
        query={report}
        loading="Считаем сеансы недели…"
        error="Не удалось загрузить отчёт о субтитрах"
        empty="На этой неделе сеансов национальных фильмов нет: выберите другую неделю"
        isEmpty={(data) => data.films.length === 0}
      >
        {(data) => <SubtitlesTable report={data} busy={report.isFetching} />}
      </QueryState>
    </div>
  );
}

const NATIONAL_BY_WORDS: Record<AccessibilityFilm['national_by'], string> = { pu: 'по ПУ', country: 'по стране' };

/** What a film lacks, in words: 'с субтитрами 1 из 2, нет вечернего'. */
function shortfall(film: AccessibilityFilm): string {
  return [
    film.subtitled_sessions < SUBTITLED_PER_WEEK && `с субтитрами ${film.subtitled_sessions} из ${SUBTITLED_PER_WEEK}`,
    !film.evening_subtitled && 'нет вечернего',
  ]
    .filter(Boolean)
    .join(', ');
}

export function SubtitlesTable({ report, busy }: { report: AccessibilityReport; busy: boolean }) {
  const short = report.films.filter((film) => !film.compliant).length;
  return (
    <>
      <p role="note" className={styles.verdict} data-compliant={report.compliant}>
        {report.compliant
          ? 'Все национальные фильмы недели идут с субтитрами по правилам.'
          : `Не по правилам: ${short} из ${report.films.length}.`}
      </p>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Национальные фильмы недели">
        <table className={styles.table} aria-busy={busy}>
          <caption className={styles.caption}>
            Национальные фильмы: {formatDayWithWeekday(report.from)} — {formatDayWithWeekday(report.to)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Фильм</th>
              <th scope="col">ПУ</th>
              <th scope="col">Национальный</th>
              <th scope="col" className={styles.numeric}>
                Сеансов
              </th>
              <th scope="col" className={styles.numeric}>
                С субтитрами
              </th>
              <th scope="col">С субтитрами в 18:00–22:00</th>
              <th scope="col">По правилам</th>
            </tr>
          </thead>
          <tbody>
            {report.films.map((film) => (
              <tr key={film.id} data-film={film.id} data-compliant={film.compliant}>
                <th scope="row">{film.title}</th>
                <td>{film.pu_number ?? 'не указано'}</td>
                <td>{NATIONAL_BY_WORDS[film.national_by]}</td>
                <td className={styles.numeric}>{film.sessions}</td>
                <td className={styles.numeric}>{film.subtitled_sessions}</td>
                <td>{film.evening_subtitled ? 'Да' : 'Нет'}</td>
                <td>{film.compliant ? 'Да' : `Нет: ${shortfall(film)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
