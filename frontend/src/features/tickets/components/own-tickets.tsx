/**
 * The profile's purchased tickets (docs/product.md §2, "Profile"): grouped by session day, sortable
 * (none, then a chosen field descending first; the same field again turns the direction), each
 * downloadable as PDF and, while the cut-off allows, refundable after a confirmation, with a link to
 * the order it was bought in. Live: a refund, an admission at the door or a watching state changes
 * here without a reload; a refund the provider has not confirmed yet says so.
 */
import { formatDate, formatRoubles, seatLabel, type OwnTicket } from '@kino/backend/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { TicketPdfButton } from '../../../shared/ui/ticket-pdf-button';
import { AgeBadge } from '../../../shared/ui/age-badge';
import { Picture } from '../../../shared/ui/picture';
import { QueryState } from '../../../shared/ui/query-state';
import { useLiveOwnTickets, useOwnTickets } from '../api/own-tickets';
import {
  groupBySessionDay,
  nextSort,
  SORT_FIELDS,
  sortTickets,
  ticketStatusLabel,
  type TicketSort,
} from '../lib/own-tickets';
import { RefundDialog } from './refund-dialog';
import { WatchingState } from './watching-state';
import styles from './own-tickets.module.css';

export function OwnTickets() {
  const tickets = useOwnTickets();
  useLiveOwnTickets();
  const [sort, setSort] = useState<TicketSort>(null);
  const [refunding, setRefunding] = useState<OwnTicket | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <section aria-labelledby="own-tickets-title" className={styles.section}>
      <div className={styles.head}>
        <h2 id="own-tickets-title" className={styles.title}>
          Мои билеты
        </h2>
        {tickets.data && tickets.data.length > 1 && <SortBar sort={sort} onSort={setSort} />}
      </div>
      <p role="status" className="visually-hidden">
        {notice}
      </p>
      <QueryState
        query={tickets}
        loading="Загрузка билетов..."
        error="Не удалось загрузить билеты"
        empty="Нет купленных билетов"
        isEmpty={(list) => list.length === 0}
      >
        {(list) =>
          groupBySessionDay(sortTickets(list, sort)).map((day) => (
            <section key={day.date} aria-labelledby={`tickets-${day.date}`} className={styles.day}>
              <h3 id={`tickets-${day.date}`} className={styles.date}>
                {formatDate(day.date)}
              </h3>
              <ul className={styles.list}>
                {day.tickets.map((ticket) => (
                  <TicketItem
                    key={ticket.id}
                    ticket={ticket}
                    refundable={ticket.refundable}
                    onRefund={() => setRefunding(ticket)}
                  />
                ))}
              </ul>
            </section>
          ))
        }
      </QueryState>
      {refunding && (
        <RefundDialog
          ticket={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(ticket) =>
            setNotice(
              ticket.status === 'refunded'
                ? `Билет №${ticket.id} возвращён`
                : `Возврат билета №${ticket.id} оформляется: деньги вернутся, когда платёжный сервис подтвердит возврат`,
            )
          }
        />
      )}
    </section>
  );
}

function SortBar({ sort, onSort }: { sort: TicketSort; onSort: (sort: TicketSort) => void }) {
  return (
    <div role="group" aria-label="Сортировка билетов" className={styles.sort}>
      <span aria-hidden="true">Сортировать:</span>
      {SORT_FIELDS.map(({ field, label }) => {
        const direction = sort?.field === field ? sort.direction : undefined;
        return (
          <button
            key={field}
            type="button"
            className={styles.sortButton}
            aria-pressed={Boolean(direction)}
            onClick={() => onSort(nextSort(sort, field))}
          >
            {label}
            {direction && (
              <>
                <span aria-hidden="true">{direction === 'desc' ? ' ↓' : ' ↑'}</span>
                <span className="visually-hidden">{direction === 'desc' ? ', по убыванию' : ', по возрастанию'}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function TicketItem({
  ticket,
  refundable,
  onRefund,
}: {
  ticket: OwnTicket;
  refundable: boolean;
  onRefund: () => void;
}) {
  const { movie, hall, start_time } = ticket.schedule;
  return (
    <li className={styles.ticket} data-status={ticket.used_at ? 'used' : ticket.status}>
      <Picture src={movie.poster ?? movie.promo_img} alt="" width={72} height={108} className={styles.poster} />
      <div className={styles.info}>
        <h4 className={styles.film}>
          <Link to={paths.film(movie.id)}>{movie.title}</Link> <AgeBadge age={movie.age} />
        </h4>
        <p className={styles.meta}>
          <time dateTime={start_time.replace(' ', 'T')}>{start_time.slice(11, 16)}</time>
          <span>{hall.name}</span>
          <span>{seatLabel(ticket.seat_number)}</span>
          <span>
            {ticket.zone.name}, {ticket.ticket_type.name}
          </span>
          <span>{formatRoubles(ticket.price)}</span>
        </p>
        {ticket.ticket_type.check_document && ticket.status === 'paid' && !ticket.used_at && (
          <p className={styles.document}>Покажите документ на входе</p>
        )}
        {!refundable && ticket.status === 'paid' && !ticket.used_at && ticket.refund_refusal && (
          <p className={styles.refusal}>{ticket.refund_refusal}</p>
        )}
        <p className={styles.state}>
          <span>Билет №{ticket.id}</span>
          <Link to={paths.order(ticket.order_id)}>Заказ №{ticket.order_id}</Link>
          <span className={styles.status}>{ticketStatusLabel(ticket)}</span>
          {ticket.status === 'paid' && <WatchingState value={ticket.is_watching} />}
        </p>
      </div>
      <div className={styles.actions}>
        <TicketPdfButton ticketId={ticket.id} className={styles.action} />
        {refundable && (
          <button
            type="button"
            className={`${styles.action} ${styles.refund}`}
            onClick={onRefund}
            aria-label={`Вернуть билет №${ticket.id}`}
          >
            Вернуть билет
          </button>
        )}
      </div>
    </li>
  );
}
