/**
 * /admin/dashboard/orders (admin, manager; the cashier reads): every order, newest first — status,
 * channel, buyer, film, session, seats, total, money returned and the provider's payment id, and a
 * late payment the provider would not return (MANUAL_REFUND_LABEL: staff return it by hand) — with a
 * search (buyer, e-mail, payment id), a status filter and a filter of the orders flagged for a manual refund. A row opens the order's details.
 */
import {
  formatRoubles,
  formatShortTime,
  MANUAL_REFUND_LABEL,
  PUSHKIN_REFUSED_LABEL,
  PUSHKIN_STUCK_LABEL,
  ORDER_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  seatLabel,
  type OrderStatus,
} from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useSearchParam } from '../../../../shared/lib/use-search-param';
import { SelectField } from '../../../../shared/ui/form';
import { ResourceTable } from '../../../../shared/ui/resource-table';

const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export function OrdersTable() {
  const [status, setStatus] = useSearchParam('status');
  const chosen = isStatus(status) ? status : undefined;
  const [flag, setFlag] = useSearchParam('flag');
  const manualOnly = flag === 'manual_refund';
  const pushkinOnly = flag === 'pushkin_refused';
  const stuckOnly = flag === 'pushkin_stuck';
  return (
    <ResourceTable
      title="Заказы"
      endpoint="GET /orders"
      search="Покупатель, почта или номер платежа"
      notFound="Заказов с такими условиями нет"
      filters={{
        status: chosen,
        flag: manualOnly ? 'manual_refund' : pushkinOnly ? 'pushkin_refused' : stuckOnly ? 'pushkin_stuck' : undefined,
      }}
      actions={<Link to={paths.adminSection('tickets')}>Билеты</Link>}
      toolbar={
        <>
          <SelectField label="Статус" value={chosen ?? ''} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Все</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <label>
            <input
              type="checkbox"
              checked={manualOnly}
              onChange={(e) => setFlag(e.target.checked ? 'manual_refund' : '')}
            />{' '}
            {MANUAL_REFUND_LABEL}
          </label>
          <label>
            <input
              type="checkbox"
              checked={pushkinOnly}
              onChange={(e) => setFlag(e.target.checked ? 'pushkin_refused' : '')}
            />{' '}
            {PUSHKIN_REFUSED_LABEL}
          </label>
          <label>
            <input
              type="checkbox"
              checked={stuckOnly}
              onChange={(e) => setFlag(e.target.checked ? 'pushkin_stuck' : '')}
            />{' '}
            {PUSHKIN_STUCK_LABEL}
          </label>
        </>
      }
      columns={[
        {
          header: '№',
          cell: (o) => <Link to={paths.adminOrder(o.id)}>Заказ №{o.id}</Link>,
          nowrap: true,
        },
        {
          header: 'Статус',
          cell: (o) => (
            <>
              {ORDER_STATUS_LABELS[o.status]}
              {o.needs_manual_refund && (
                <>
                  <br />
                  <strong>{MANUAL_REFUND_LABEL}</strong>
                </>
              )}
              {o.pushkin_refused && (
                <>
                  <br />
                  <strong>{PUSHKIN_REFUSED_LABEL}</strong>
                </>
              )}
              {o.pushkin_stuck && (
                <>
                  <br />
                  <strong>{PUSHKIN_STUCK_LABEL}</strong>
                </>
              )}
            </>
          ),
        },
        { header: 'Канал', cell: (o) => ORDER_CHANNEL_LABELS[o.channel] },
        { header: 'Покупатель', cell: (o) => o.buyer ?? 'Без аккаунта' },
        { header: 'Фильм', cell: (o) => o.film },
        { header: 'Сеанс', cell: (o) => formatShortTime(o.start_time), nowrap: true },
        { header: 'Места', cell: (o) => o.seats.map(seatLabel).join('; ') },
        { header: 'Сумма', cell: (o) => formatRoubles(o.total), numeric: true, nowrap: true },
        {
          header: 'Возвращено',
          cell: (o) => (o.refunded > 0 ? formatRoubles(o.refunded) : '—'),
          numeric: true,
          nowrap: true,
        },
        { header: 'Платёж', cell: (o) => o.provider_payment_id ?? '—' },
        { header: 'Создан', cell: (o) => formatShortTime(o.created_at), nowrap: true },
      ]}
      loading="Загрузка заказов..."
      empty={chosen ? 'Заказов с таким статусом нет' : 'Заказов пока нет'}
      error="Не удалось загрузить заказы"
    />
  );
}
