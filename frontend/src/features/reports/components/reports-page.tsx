/**
 * /admin/dashboard/reports: sales over a period of show dates, grouped as chosen, with refunds,
 * average price and occupancy; a chart for the days; the same table as CSV or XLSX; the distributor's week.
 * Live: a ticket sold or refunded anywhere moves the figures of its show date without a reload.
 */
import {
  formatRoubles,
  GROUPING_LABELS,
  REPORT_GROUPINGS,
  toCinemaDate,
  type ReportFormat,
  type ReportGrouping,
  type SalesReport,
  type SalesRow,
} from '@kino/backend/contract';
import { useState } from 'react';
import { useDownload } from '../../../shared/api/download';
import { DateFilter } from '../../../shared/ui/date-filter';
import { FormMessage, SelectField } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { downloadSalesReport, useLiveReports, useSalesReport } from '../api/reports';
import { DistributorSection } from './distributor-section';
import { ExportButtons } from './export-buttons';
import { lastMonth, periodProblem } from '../lib/period';
import { SalesChart } from './sales-chart';
import styles from './reports.module.css';

/** The grouping select's words ('по дням', …). */
const BY_WORDS: Record<ReportGrouping, string> = {
  day: 'По дням',
  film: 'По фильмам',
  session: 'По сеансам',
  hall: 'По залам',
  zone: 'По зонам',
  type: 'По типам билетов',
  channel: 'По каналам продаж',
  method: 'По способам оплаты',
};

export function ReportsPage() {
  useDocumentTitle('Отчёты');
  useLiveReports();
  const [period, setPeriod] = useState(() => lastMonth(toCinemaDate(new Date())));
  const [by, setBy] = useState<ReportGrouping>('day');
  const problem = periodProblem(period.from, period.to);
  const query = { ...period, by };
  const report = useSalesReport(problem ? undefined : query);
  const download = useDownload((format: ReportFormat) => downloadSalesReport(query, format));

  return (
    <div className={styles.page}>
      <h1>Отчёты</h1>
      <form className={styles.filters} aria-label="Период и группировка" onSubmit={(e) => e.preventDefault()}>
        <DateFilter label="С" value={period.from} onApply={(from) => from && setPeriod((p) => ({ ...p, from }))} />
        <DateFilter label="По" value={period.to} onApply={(to) => to && setPeriod((p) => ({ ...p, to }))} />
        <SelectField label="Группировка" value={by} onChange={(e) => setBy(e.target.value as ReportGrouping)}>
          {REPORT_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {BY_WORDS[g]}
            </option>
          ))}
        </SelectField>
        <ExportButtons formats={['csv', 'xlsx']} download={download} disabled={Boolean(problem)} />
      </form>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {download.error && <FormMessage kind="error">{download.error}</FormMessage>}
      <p className={styles.note}>
        Продажи считаются по дате сеанса; возвраты — билеты этих сеансов, возвращённые к сегодняшнему дню. Цифры
        обновляются сами, как только билет продан или возвращён — на сайте или в кассе.
      </p>
      {!problem && (
        <QueryState
          query={report}
          loading="Считаем продажи…"
          error="Не удалось загрузить отчёт"
          empty="За этот период сеансов и продаж нет"
          isEmpty={(data) => data.total.tickets === 0 && data.total.capacity === 0}
        >
          {(data) => (
            <>
              {data.by === 'day' && <SalesChart rows={data.rows} />}
              <SalesTable report={data} busy={report.isFetching} />
            </>
          )}
        </QueryState>
      )}
      <DistributorSection />
    </div>
  );
}

const money = (value: number | null) => (value === null ? '—' : formatRoubles(value));

function SalesTable({ report, busy }: { report: SalesReport; busy: boolean }) {
  const withOccupancy = report.rows.some((r) => r.capacity !== null);
  const cells = (row: SalesRow) => (
    <>
      <td className={styles.numeric}>{row.tickets}</td>
      <td className={styles.numeric}>{money(row.gross)}</td>
      <td className={styles.numeric}>{row.refunds}</td>
      <td className={styles.numeric}>{money(row.refunds_sum)}</td>
      <td className={styles.numeric}>{money(row.net)}</td>
      <td className={styles.numeric}>{money(row.average_price)}</td>
      {withOccupancy && (
        <td className={styles.numeric}>
          {row.occupancy === null ? '—' : `${String(row.occupancy).replace('.', ',')} %`}
        </td>
      )}
    </>
  );
  return (
    <div className={styles.scroll} tabIndex={0} role="region" aria-label="Таблица продаж">
      <table className={styles.table} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{GROUPING_LABELS[report.by]}</th>
            <th scope="col" className={styles.numeric}>
              Продано
            </th>
            <th scope="col" className={styles.numeric}>
              Выручка
            </th>
            <th scope="col" className={styles.numeric}>
              Возвраты
            </th>
            <th scope="col" className={styles.numeric}>
              Сумма возвратов
            </th>
            <th scope="col" className={styles.numeric}>
              Итого
            </th>
            <th scope="col" className={styles.numeric}>
              Средняя цена
            </th>
            {withOccupancy && (
              <th scope="col" className={styles.numeric}>
                Заполняемость
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {cells(row)}
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
