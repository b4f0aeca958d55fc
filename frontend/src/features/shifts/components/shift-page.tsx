/**
 * /admin/dashboard/shifts/{id}: the shift's report as a page — the till and the cashier, sales and refunds by
 * method, the cash register's receipts and Z-report beside them, the cash (float, taken, given back,
 * expected, counted, the difference marked when there is one) —
 * with its PDF, and while it is open, for whoever may close it, the close form.
 */
import {
  formatRoubles,
  formatShortTime,
  methodsTotal,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  SHIFT_STATUS_LABELS,
  type ShiftView,
} from '@kino/backend/contract';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDownload } from '../../../shared/api/download';
import { useCan } from '../../../shared/auth/access';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { FormMessage } from '../../../shared/ui/form';
import { Missing } from '../../../shared/ui/missing';
import { QueryState } from '../../../shared/ui/query-state';
import { downloadShiftPdf, useShift } from '../api/shifts';
import { CloseShiftForm } from './close-shift-form';
import { Difference } from './difference';
import { RegisterReport } from './register-report';
import styles from './shifts.module.css';

const missing = <Missing title="Смена не найдена" back={{ to: paths.adminShifts, label: 'Все смены' }} />;

export function ShiftPage({ id }: { id: number }) {
  const shift = useShift(id);
  useDocumentTitle(`Смена №${id}`);
  return (
    <QueryState query={shift} loading="Загрузка смены..." error="Не удалось загрузить смену" notFound={missing}>
      {(data) => <ShiftReport shift={data} refresh={async () => (await shift.refetch()).data ?? data} />}
    </QueryState>
  );
}

export const ShiftMissing = () => missing;

function ShiftReport({ shift, refresh }: { shift: ShiftView; refresh: () => Promise<ShiftView> }) {
  const can = useCan();
  const titleId = useId();
  const [justClosed, setJustClosed] = useState(false);
  const closedNote = useRef<HTMLParagraphElement>(null);
  const open = shift.status === 'open';

  return (
    <article className={styles.screen} aria-labelledby={titleId}>
      <header className={styles.head}>
        <h1 id={titleId}>Смена №{shift.id}</h1>
        <div className={styles.actions}>
          <Link to={paths.adminShifts}>Все смены</Link>
          <PdfButton id={shift.id} />
        </div>
      </header>

      <dl className={styles.facts}>
        <dt>Касса</dt>
        <dd>{shift.till}</dd>
        <dt>Кассир</dt>
        <dd>{shift.cashier.fio}</dd>
        <dt>Статус</dt>
        <dd>{SHIFT_STATUS_LABELS[shift.status]}</dd>
        <dt>Открыта</dt>
        <dd>{formatShortTime(shift.opened_at)}</dd>
        <dt>Закрыта</dt>
        <dd>{shift.closed_at ? formatShortTime(shift.closed_at) : '—'}</dd>
      </dl>

      <div className={styles.tables}>
        <MethodTable
          title="Продажи"
          head={['Способ оплаты', 'Билетов']}
          rows={PAYMENT_METHODS.map((m) => [PAYMENT_METHOD_LABELS[m], shift.sales[m]!])}
        />
        <MethodTable
          title="Возвраты"
          head={['Способ возврата', 'Возвратов']}
          rows={REFUND_METHODS.map((m) => [REFUND_METHOD_LABELS[m], shift.refunds[m]!])}
        />
      </div>

      <RegisterReport shift={shift} />

      <section className={styles.section} aria-labelledby={`${titleId}-cash`}>
        <h2 id={`${titleId}-cash`}>Наличные в кассе</h2>
        {justClosed && (
          <p ref={closedNote} tabIndex={-1} role="status" className={styles.closedNote}>
            Смена закрыта
          </p>
        )}
        <dl className={styles.cash}>
          <dt>Разменная сумма</dt>
          <dd>{formatRoubles(shift.float)}</dd>
          <dt>Наличные продажи</dt>
          <dd>+ {formatRoubles(shift.sales.cash!.amount)}</dd>
          <dt>Наличные возвраты</dt>
          <dd>− {formatRoubles(shift.refunds.cash!.amount)}</dd>
          <dt className={styles.strong}>{open ? 'Ожидается сейчас' : 'Ожидалось'}</dt>
          <dd className={styles.strong}>{formatRoubles(shift.expected)}</dd>
          {shift.counted !== null && shift.difference !== null && (
            <>
              <dt className={styles.strong}>Пересчитано</dt>
              <dd className={styles.strong}>{formatRoubles(shift.counted)}</dd>
              <dt className={styles.strong}>Разница</dt>
              <dd className={`${styles.strong} ${shift.difference !== 0 ? styles.flagged : ''}`}>
                <Difference value={shift.difference} />
              </dd>
            </>
          )}
        </dl>
        {open && <p className={styles.muted}>Смена открыта: наличные пересчитывают при закрытии.</p>}
      </section>

      {open && can('shifts', 'update') && (
        <CloseShiftForm
          shift={shift}
          refresh={refresh}
          onClosed={() => {
            setJustClosed(true);
            // The form is gone: the focus goes to what its submit did.
            requestAnimationFrame(() => closedNote.current?.focus());
          }}
        />
      )}
    </article>
  );
}

function MethodTable({
  title,
  head,
  rows,
}: {
  title: string;
  head: [string, string];
  rows: [string, { count: number; amount: number }][];
}) {
  const total = methodsTotal(Object.fromEntries(rows));
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{head[0]}</th>
            <th scope="col" className={styles.numeric}>
              {head[1]}
            </th>
            <th scope="col" className={styles.numeric}>
              Сумма
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, t]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={styles.numeric}>{t.count}</td>
              <td className={styles.numeric}>{formatRoubles(t.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Итого</th>
            <td className={styles.numeric}>{total.count}</td>
            <td className={styles.numeric}>{formatRoubles(total.amount)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function PdfButton({ id }: { id: number }) {
  const download = useDownload((_format: 'pdf') => downloadShiftPdf(id));
  const busy = download.exporting !== undefined;
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => void download.start('pdf')}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Готовим PDF…' : 'Скачать PDF'}
      </button>
      {download.error && <FormMessage kind="error">{download.error}</FormMessage>}
    </>
  );
}
