/**
 * /admin/dashboard/schedule: the sessions from today on (or of one day), with seats and sums. A
 * session still to come can be changed («Изменить») and cancelled («Отменить сеанс») by those the
 * access table lets (manager, admin); a cancelled one stays listed, marked «Отменён» with its reason.
 */
import { formatRoubles, formatShortTime, type StaffSession } from '@kino/backend/contract';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { formatDuration } from '../../../shared/lib/format';
import { useArrivalNotice } from '../../../shared/lib/use-arrival-notice';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { AccessBadges } from '../../../shared/ui/access-badges';
import { DateFilter } from '../../../shared/ui/date-filter';
import { FormMessage } from '../../../shared/ui/form';
import { Thumbnail } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { RowActions, RowButton } from '../../../shared/ui/row-actions';
import { sessionLabel } from '../lib/session-label';
import { useCinemaNow } from '../lib/use-cinema-now';
import styles from './admin-sessions.module.css';
import { cancelledNotice, SessionCancelDialog } from './session-cancel-dialog';
import { SessionEditDialog } from './session-edit-dialog';
import { SubtitlesWarning } from './subtitles-warning';

type Open = { kind: 'edit' | 'cancel'; session: StaffSession } | null;

/** How the row reads in «Статус»: cancelled (with why), on sale, showing or over. */
function Status({ session, now }: { session: StaffSession; now: string }) {
  if (session.cancelled_at)
    return (
      <>
        <strong className={styles.cancelled}>Отменён</strong>
        {session.cancel_reason && <span className={styles.reason}>{session.cancel_reason}</span>}
      </>
    );
  if (session.start_time > now) return <>В продаже</>;
  return <>{session.end_time > now ? 'Идёт' : 'Прошёл'}</>;
}

export function AdminSessions() {
  const [date, setDate] = useSearchParam('date');
  const can = useCan();
  const now = useCinemaNow();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState(useArrivalNotice());
  const mayEdit = can('schedule', 'update');
  const mayCancel = can('schedule', 'delete');

  return (
    <>
      <ResourceTable
        title="Расписание"
        endpoint="GET /schedules/admin"
        search="Фильм или зал"
        filters={{ date: date || undefined }}
        add={{ label: 'Добавить сеанс', to: paths.adminScheduleCreate, resource: 'schedule' }}
        toolbar={
          <>
            <DateFilter label="Дата" value={date} onApply={setDate} />
            <SubtitlesWarning date={/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : now.slice(0, 10)} />
            <div className={styles.notice} aria-live="polite">
              {notice && <FormMessage kind="success">{notice}</FormMessage>}
            </div>
          </>
        }
        columns={[
          { header: 'ID', cell: (s) => s.id, numeric: true },
          {
            header: 'Постер',
            cell: (s) => <Thumbnail src={s.movie.poster} alt={s.movie.title} width={40} height={60} />,
          },
          {
            header: 'Фильм',
            cell: (s) => (
              <>
                {s.movie.title} <AccessBadges session={s} />
              </>
            ),
          },
          { header: 'Зал', cell: (s) => s.hall.name },
          { header: 'Свободно', cell: (s) => s.free, numeric: true },
          { header: 'Занято', cell: (s) => s.taken, numeric: true },
          { header: 'Всего', cell: (s) => s.total, numeric: true },
          { header: 'Начало', cell: (s) => formatShortTime(s.start_time), nowrap: true },
          { header: 'Длительность', cell: (s) => formatDuration(s.duration), nowrap: true },
          { header: 'Цена', cell: (s) => formatRoubles(s.price), numeric: true },
          { header: 'Ценовая карта', cell: (s) => s.price_card?.name ?? '—' },
          { header: 'Сумма', cell: (s) => formatRoubles(s.sum), numeric: true },
          { header: 'Статус', cell: (s) => <Status session={s} now={now} /> },
          ...(mayEdit || mayCancel
            ? [
                {
                  header: 'Действия',
                  cell: (s: StaffSession) =>
                    !s.cancelled_at &&
                    s.start_time > now && (
                      <RowActions>
                        {mayEdit && (
                          <RowButton
                            aria-label={`Изменить сеанс ${sessionLabel(s)}`}
                            onClick={() => setOpen({ kind: 'edit', session: s })}
                          >
                            Изменить
                          </RowButton>
                        )}
                        {mayCancel && (
                          <RowButton
                            danger
                            aria-label={`Отменить сеанс ${sessionLabel(s)}`}
                            onClick={() => setOpen({ kind: 'cancel', session: s })}
                          >
                            Отменить сеанс
                          </RowButton>
                        )}
                      </RowActions>
                    ),
                },
              ]
            : []),
        ]}
        loading="Загрузка сеансов..."
        empty={date ? 'В этот день сеансов нет' : 'Предстоящих сеансов нет'}
        error="Не удалось загрузить расписание"
      />
      {open?.kind === 'edit' && (
        <SessionEditDialog
          session={open.session}
          onClose={() => setOpen(null)}
          onSaved={(saved) => setNotice(`Сеанс ${sessionLabel(saved)} сохранён`)}
        />
      )}
      {open?.kind === 'cancel' && (
        <SessionCancelDialog
          session={open.session}
          onClose={() => setOpen(null)}
          onCancelled={(result) => setNotice(cancelledNotice(open.session, result))}
        />
      )}
    </>
  );
}
