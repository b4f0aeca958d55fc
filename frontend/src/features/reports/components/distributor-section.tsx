/**
 * The distributor's report on /admin/dashboard/reports: a distribution week (Thursday to Wednesday: any day
 * picks its week) and a film shown in it → the distributor's usual table, sessions, admissions and gross by
 * day, and the same as the PDF to send or the XLSX to work with.
 */
import {
  addDays,
  distributionWeekOf,
  formatDayWithWeekday,
  formatRoubles,
  toCinemaDate,
  type DistributorFormat,
  type DistributorReport,
} from '@kino/backend/contract';
import { useState } from 'react';
import { useDownload } from '../../../shared/api/download';
import { DateFilter } from '../../../shared/ui/date-filter';
import { FormMessage, SelectField } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { downloadDistributorReport, useDistributorReport, useWeekFilms } from '../api/reports';
import { ExportButtons } from './export-buttons';
import styles from './reports.module.css';

export function DistributorSection() {
  const [week, setWeek] = useState(() => distributionWeekOf(toCinemaDate(new Date())));
  const [picked, setPicked] = useState<number>();
  const films = useWeekFilms(week);
  const list = films.data ?? [];
  // The film picked while it is shown this week, else the first one shown.
  const film = list.find((f) => f.id === picked) ?? list[0];
  const query = film ? { film_id: film.id, week } : undefined;
  const report = useDistributorReport(query);
  const download = useDownload(async (format: DistributorFormat) => {
    if (query) await downloadDistributorReport(query, format);
  });

  return (
    <section className={styles.section} aria-labelledby="distributor-title">
      <h2 id="distributor-title">Отчёт прокатчику</h2>
      <form className={styles.filters} aria-label="Фильм и прокатная неделя" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.week}>
          <DateFilter
            label="Прокатная неделя (любой её день)"
            value={week}
            onApply={(date) => date && setWeek(distributionWeekOf(date))}
          />
          <button
            type="button"
            className={styles.button}
            aria-label="Предыдущая неделя"
            onClick={() => setWeek((w) => addDays(w, -7))}
          >
            ←
          </button>
          <button
            type="button"
            className={styles.button}
            aria-label="Следующая неделя"
            onClick={() => setWeek((w) => addDays(w, 7))}
          >
            →
          </button>
        </div>
        <SelectField
          label="Фильм"
          value={film ? String(film.id) : ''}
          disabled={list.length === 0}
          onChange={(e) => setPicked(Number(e.target.value))}
        >
          {list.length === 0 && <option value="">Нет фильмов</option>}
          {list.map((f) => (
            <option key={f.id} value={f.id}>
              {f.title}
            </option>
          ))}
        </SelectField>
        <ExportButtons formats={['pdf', 'xlsx']} download={download} disabled={!query} />
      </form>
      <p className={styles.note} aria-live="polite">
        Неделя: {formatDayWithWeekday(week)} — {formatDayWithWeekday(addDays(week, 6))}
      </p>
      {download.error && <FormMessage kind="error">{download.error}</FormMessage>}
      <QueryState
        query={films}
        loading="Ищем фильмы недели…"
        error="Не удалось загрузить фильмы недели"
        empty="На этой неделе сеансов не было: выберите другую неделю"
        isEmpty={(data) => data.length === 0}
      >
        {() => (
          <QueryState query={report} loading="Считаем неделю…" error="Не удалось загрузить отчёт прокатчику">
            {(data) => <DistributorTable report={data} busy={report.isFetching} />}
          </QueryState>
        )}
      </QueryState>
    </section>
  );
}

function DistributorTable({ report, busy }: { report: DistributorReport; busy: boolean }) {
  const cells = (row: DistributorReport['total']) => (
    <>
      <td className={styles.numeric}>{row.sessions}</td>
      <td className={styles.numeric}>{row.tickets}</td>
      <td className={styles.numeric}>{formatRoubles(row.gross)}</td>
    </>
  );
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label="Отчёт прокатчику по дням">
      <table className={styles.table} aria-busy={busy}>
        <caption className={styles.caption}>
          {report.film.title} · ПУ {report.film.pu_number ?? 'не указано'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Дата</th>
            <th scope="col" className={styles.numeric}>
              Сеансов
            </th>
            <th scope="col" className={styles.numeric}>
              Зрителей
            </th>
            <th scope="col" className={styles.numeric}>
              Валовый сбор
            </th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDayWithWeekday(day.date)}</th>
              {cells(day)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Итого</th>
            {cells(report.total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
