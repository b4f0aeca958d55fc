/**
 * /admin/dashboard/tickets: film, holder, seat, zone and ticket type, price, purchase date, status; by session, day, holder.
 * Each ticket links to the order it was sold in, and the orders table is reached from here (SPEC's
 * side menus stay as SPEC lists them, so 'Заказы' has no menu entry of its own).
 */
import { formatRoubles, formatShortTime, seatLabel, TICKET_STATUS_LABELS } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { DateFilter } from '../../../shared/ui/date-filter';
import { TextField } from '../../../shared/ui/form';
import { ResourceTable } from '../../../shared/ui/resource-table';

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
      actions={
        <>
          {can('orders', 'list') && <Link to={paths.adminOrders}>Заказы</Link>}
          {can('tickets', 'update') && <Link to={paths.adminCheckIn}>Проверка билетов на входе</Link>}
        </>
      }
      toolbar={
        <>
          <DateFilter label="Дата сеанса" value={date} onApply={setDate} />
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
        {
          header: 'Зритель',
          cell: (t) => (
            <>
              {t.user.fio}
              <br />
              {t.user.email}
            </>
          ),
        },
        { header: 'Место', cell: (t) => seatLabel(t.seat_number), nowrap: true },
        { header: 'Билет', cell: (t) => `${t.zone.name}, ${t.ticket_type.name}` },
        { header: 'Цена', cell: (t) => formatRoubles(t.price), numeric: true },
        { header: 'Куплен', cell: (t) => formatShortTime(t.purchase_date), nowrap: true },
        {
          header: 'Статус',
          cell: (t) =>
            t.used_at
              ? `${TICKET_STATUS_LABELS[t.status]}, вход ${formatShortTime(t.used_at)}`
              : TICKET_STATUS_LABELS[t.status],
        },
        {
          header: 'Заказ',
          cell: (t) =>
            can('orders', 'read') ? (
              <Link to={paths.adminOrder(t.order_id)} aria-label={`Заказ №${t.order_id}, билет №${t.id}`}>
                №{t.order_id}
              </Link>
            ) : (
              `№${t.order_id}`
            ),
          numeric: true,
        },
      ]}
      loading="Загрузка билетов..."
      empty={date || sessionId ? 'Билетов с такими условиями нет' : 'Билетов пока не продано'}
      error="Не удалось загрузить билеты"
    />
  );
}
