/**
 * A paid order: its tickets (each downloadable as PDF, as in the profile, with its state once refunded),
 * the money paid and where the tickets live from now on.
 */
import { formatRoubles, seatLabel, type OrderView, type OwnTicket } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { TicketPdfButton } from '../../../shared/ui/ticket-pdf-button';
import { ticketStateLabel } from '../lib/order-stage';
import { ticketKind } from '../lib/ticket-kind';
import { OrderDiscounts, OrderLines } from './order-lines';
import styles from './order.module.css';

export function OrderPaid({ order }: { order: OrderView }) {
  return (
    <>
      <p>Билеты отправлены на вашу почту. Покажите QR-код из билета на входе в зал.</p>
      {order.tickets.length > 0 ? (
        <ul className={styles.tickets} aria-label="Билеты">
          {order.tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      ) : (
        // Staff reading someone's order see its seats, not the buyer's tickets.
        <OrderLines order={order} />
      )}
      <OrderDiscounts order={order} />
      <p className={styles.total}>
        <span>Оплачено</span>
        <span>{formatRoubles(order.total)}</span>
      </p>
      <p>
        Все ваши билеты, их возврат и скачивание — в <Link to={paths.profile}>профиле</Link>.
      </p>
    </>
  );
}

function TicketRow({ ticket }: { ticket: OwnTicket }) {
  return (
    <li className={styles.ticket}>
      <span className={styles.ticketSeat}>
        Билет №{ticket.id}: {seatLabel(ticket.seat_number)}
        <span className={styles.kind}>{ticketKind(ticket)}</span>
        {ticket.ticket_type.check_document && <span className={styles.document}>Покажите документ на входе</span>}
      </span>
      <span>{formatRoubles(ticket.price)}</span>
      <span className={styles.muted}>{ticketStateLabel(ticket)}</span>
      <TicketPdfButton ticketId={ticket.id} className={styles.download} />
    </li>
  );
}
