import { formatRoubles, formatSessionTime, seatLabel, type TicketView } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import styles from '../checkout-page.module.css';

/** After payment: the tickets bought, and where to find them later. */
export function PurchaseSuccess({ tickets }: { tickets: TicketView[] }) {
  const first = tickets[0]!;
  const total = tickets.reduce((sum, t) => sum + t.price, 0);
  return (
    <section className={styles.page} aria-labelledby="success-title">
      <h1 id="success-title">Билеты куплены</h1>
      <p>
        {first.schedule.movie.title}, {formatSessionTime(first.schedule.start_time)}, {first.schedule.hall.name}
      </p>
      <ul className={styles.seats} aria-label="Билеты">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <span>
              Билет №{ticket.id}: {seatLabel(ticket.seat_number)}
            </span>
            <span>{formatRoubles(ticket.price)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Оплачено</span>
        <span>{formatRoubles(total)}</span>
      </p>
      <p>
        Билеты с QR-кодом для входа — в <Link to={paths.profile}>профиле</Link>.
      </p>
    </section>
  );
}
