/**
 * /admin/dashboard/shifts (cashier: their own; manager, admin: every till's): the shifts newest first —
 * till, cashier, opened and closed, status, the cash expected, counted and the difference — by status,
 * by the days they opened on, and a search over the cashier and the till. A row opens the shift's report.
 */
import {
  formatRoubles,
  formatShortTime,
  SHIFT_STATUS_LABELS,
  SHIFT_STATUSES,
  type ShiftStatus,
} from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { DateFilter, isWholeDate } from '../../../shared/ui/date-filter';
import { FormMessage, SelectField } from '../../../shared/ui/form';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { PendingCorrections } from './corrections';
import { Difference } from './difference';

const isStatus = (value: string): value is ShiftStatus => (SHIFT_STATUSES as readonly string[]).includes(value);

export function ShiftsTable() {
  const can = useCan();
  const everyone = can('shifts', 'list');
  const [status, setStatus] = useSearchParam('status');
  const [from, setFrom] = useSearchParam('from');
  const [to, setTo] = useSearchParam('to');
  const chosen = isStatus(status) ? status : undefined;
  const since = isWholeDate(from) ? from : undefined;
  const until = isWholeDate(to) ? to : undefined;
  // A period ending before it starts is named here, and not asked for.
  const backwards = since !== undefined && until !== undefined && until < since;
  const filtered = Boolean(chosen || since || until);
  return (
    <>
      <PendingCorrections />
      <ResourceTable
        title="Смены"
        endpoint="GET /shifts"
        search={everyone ? 'Кассир или касса' : 'Касса'}
        notFound="Смен с такими условиями нет"
        filters={{ status: chosen, from: since, to: backwards ? undefined : until }}
        toolbar={
          <>
            <SelectField label="Статус" value={chosen ?? ''} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Все</option>
              {SHIFT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {SHIFT_STATUS_LABELS[value]}
                </option>
              ))}
            </SelectField>
            <DateFilter label="Открыта с" value={from} onApply={setFrom} />
            <DateFilter label="по" value={to} onApply={setTo} />
            {backwards && <FormMessage kind="error">Конец периода раньше начала</FormMessage>}
          </>
        }
        columns={[
          {
            header: '№',
            cell: (s) => <Link to={paths.adminShift(s.id)}>Смена №{s.id}</Link>,
            nowrap: true,
          },
          { header: 'Касса', cell: (s) => s.till },
          { header: 'Кассир', cell: (s) => s.cashier.fio },
          { header: 'Открыта', cell: (s) => formatShortTime(s.opened_at), nowrap: true },
          { header: 'Закрыта', cell: (s) => (s.closed_at ? formatShortTime(s.closed_at) : '—'), nowrap: true },
          { header: 'Статус', cell: (s) => SHIFT_STATUS_LABELS[s.status] },
          { header: 'Ожидается', cell: (s) => formatRoubles(s.expected), numeric: true },
          { header: 'Пересчитано', cell: (s) => (s.counted === null ? '—' : formatRoubles(s.counted)), numeric: true },
          {
            header: 'Разница',
            cell: (s) => (s.difference === null ? '—' : <Difference value={s.difference} />),
            numeric: true,
          },
        ]}
        loading="Загрузка смен..."
        empty={filtered ? 'Смен с такими условиями нет' : 'Смен пока нет: смену открывают в кассе'}
        error="Не удалось загрузить смены"
      />
    </>
  );
}
