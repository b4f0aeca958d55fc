/**
 * «Передачи в ЕАИС»: every file sent (or being sent) to ЕАИС, newest first — its session, how many sales and
 * refunds it carries, the attempts and ЕАИС's last reply, so staff can see what the register took and what it
 * refused (GET /api/eais/deliveries; managers and admins).
 */
import { EAIS_REPORT_STATUS_LABELS, formatSessionTime, type EaisDelivery } from '@kino/backend/contract';
import { ResourceTable } from '../../../shared/ui/resource-table';
import styles from './eais-deliveries.module.css';

const when = (at: string | null) => (at ? formatSessionTime(at) : '—');

function Status({ delivery }: { delivery: EaisDelivery }) {
  const lost = delivery.status === 'pending' && delivery.attempts > 0;
  return (
    <span className={styles[delivery.status]}>
      {lost ? 'Ответ не получен, отправим тот же файл' : EAIS_REPORT_STATUS_LABELS[delivery.status]}
    </span>
  );
}

export function EaisDeliveries() {
  return (
    <ResourceTable
      title="Передачи в ЕАИС"
      endpoint="GET /eais/deliveries"
      columns={[
        { header: 'Состояние', cell: (d) => <Status delivery={d} />, nowrap: true },
        {
          header: 'Файл',
          cell: (d) => (
            <>
              <span className={styles.file}>{d.file_name}</span>
              <span className={styles.muted}>
                {d.destination === 'http' ? 'ЕАИС (EAIS_URL)' : 'файл в DATA_DIR/eais'}
              </span>
            </>
          ),
        },
        {
          header: 'Сеанс',
          cell: (d) =>
            d.session ? (
              <>
                {d.session.title}
                <span className={styles.muted}>
                  {formatSessionTime(d.session.start_time)}, {d.session.hall}
                </span>
              </>
            ) : (
              '—'
            ),
        },
        { header: 'Продажи', cell: (d) => d.sales, numeric: true },
        { header: 'Возвраты', cell: (d) => d.refunds, numeric: true },
        {
          header: 'Попытки',
          cell: (d) => (
            <>
              {d.attempts}
              <span className={styles.muted}>последняя: {when(d.last_attempt_at)}</span>
            </>
          ),
        },
        {
          header: 'Ответ ЕАИС',
          cell: (d) => (
            <>
              <span className={styles.reply}>{d.reply ?? '—'}</span>
              {d.error && d.status !== 'delivered' && <span className={styles.muted}>{d.error}</span>}
            </>
          ),
        },
        { header: 'Принята', cell: (d) => when(d.delivered_at), nowrap: true },
      ]}
      loading="Загрузка передач в ЕАИС..."
      empty="Передач в ЕАИС ещё не было: продажи и возвраты уходят по расписанию"
      error="Не удалось загрузить передачи в ЕАИС"
    />
  );
}
