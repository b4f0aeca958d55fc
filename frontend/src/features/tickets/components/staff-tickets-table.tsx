/** /admin/dashboard/tickets: film, holder, seat, price, purchase date, status; by session, day, holder. */
import { formatRoubles, formatShortTime, seatLabel, type StaffTicket } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { TextField } from '../../../shared/ui/form';
import { ResourceTable } from '../../../shared/ui/resource-table';

const STATUS: Record<StaffTicket['status'], string> = { paid: 'Оплачен', refunded: 'Возвращён', cancelled: 'Отменён' };

export function StaffTicketsTable() {
  const [date, setDate] = useSearchParam('date');
  const [session, setSession] = useSearchParam('schedule_id');
  const can = useCan();
  const sessionId = /^\d{1,9}$/.test(session) ? session : '';
  return (
    <ResourceTable
      title="Билеты"
      endpoint="GET /tickets"
      search="Зритель: имя или почта"
      notFound="Билетов с такими условиями нет"
      filters={{ date: date || undefined, schedule_id: sessionId || undefined }}
      actions={can('tickets', 'update') ? <Link to={paths.adminCheckIn}>Проверка билетов на входе</Link> : undefined}
      toolbar={
        <>
          <TextField label="Дата сеанса" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          <TextField
            label="Сеанс №"
            inputMode="numeric"
            value={session}
            onChange={(e) => setSession(e.target.value.replace(/\D/g, ''))}
          />
        </>
      }
      columns={[
        { header: '№', cell: (t) => t.id, numeric: true },
        { header: 'Фильм', cell: (t) => t.film.title },
        { header: 'Сеанс', cell: (t) => `${formatShortTime(t.session.start_time)}, ${t.session.hall}` },
        { header: 'Зритель', cell: (t) => `${t.user.fio} (${t.user.email})` },
        { header: 'Место', cell: (t) => seatLabel(t.seat_number), nowrap: true },
        { header: 'Цена', cell: (t) => formatRoubles(t.price), numeric: true },
        { header: 'Куплен', cell: (t) => formatShortTime(t.purchase_date), nowrap: true },
        {
          header: 'Статус',
          cell: (t) => (t.used_at ? `${STATUS[t.status]}, вход ${formatShortTime(t.used_at)}` : STATUS[t.status]),
        },
      ]}
      loading="Загрузка билетов..."
      empty={date || sessionId ? 'Билетов с такими условиями нет' : 'Билетов пока не продано'}
      error="Не удалось загрузить билеты"
    />
  );
}
