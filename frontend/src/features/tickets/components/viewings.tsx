/**
 * My viewings (/profile/watch, docs/product.md §2): the live tickets by session day, each day a carousel
 * of three slides 50 px apart. A slide: date and time, age, poster, title, price in roubles, row and
 * seat (parsed from the seat code), and the watching state in words, which the workers move live.
 * Until the film is over a slide can also show the ticket's QR code for the door.
 */
import { formatDate, formatRoubles, formatSessionTime, parseSeatCode, type OwnTicket } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCinema } from '../../../shared/cinema/use-cinema';
import { shortHallName } from '../../../shared/lib/format';
import { AgeBadge } from '../../../shared/ui/age-badge';
import { Picture } from '../../../shared/ui/picture';
import { QueryState } from '../../../shared/ui/query-state';
import { Slider } from '../../../shared/ui/slider';
import { useLiveOwnTickets, useViewings } from '../api/own-tickets';
import { groupBySessionDay } from '../lib/own-tickets';
import { TicketQr } from './ticket-qr';
import { WatchingState } from './watching-state';
import styles from './viewings.module.css';

export function Viewings() {
  const viewings = useViewings();
  useLiveOwnTickets();
  return (
    <section aria-labelledby="viewings-title" className={styles.page}>
      <h1 id="viewings-title">Мои просмотры</h1>
      <QueryState
        query={viewings}
        loading="Загрузка билетов..."
        error="Не удалось загрузить билеты"
        empty={
          <>
            Нет купленных билетов. <Link to={paths.schedule}>Выбрать сеанс в афише</Link>
          </>
        }
        isEmpty={(list) => list.length === 0}
      >
        {(list) =>
          groupBySessionDay(list).map((day) => (
            <section key={day.date} aria-labelledby={`viewings-${day.date}`} className={styles.day}>
              <h2 id={`viewings-${day.date}`} className={styles.date}>
                {formatDate(day.date)}
              </h2>
              <Slider
                items={day.tickets}
                label={`Билеты на ${formatDate(day.date)}`}
                perView={3}
                spaceBetween={50}
                getKey={(ticket) => ticket.id}
                renderItem={(ticket) => <ViewingCard ticket={ticket} />}
              />
            </section>
          ))
        }
      </QueryState>
      <Link to={paths.profile}>Вернуться в профиль</Link>
    </section>
  );
}

function ViewingCard({ ticket }: { ticket: OwnTicket }) {
  const { movie, start_time, hall } = ticket.schedule;
  const { row, place } = parseSeatCode(ticket.seat_number);
  const cinema = useCinema()?.name;
  return (
    <article className={styles.card} aria-label={`${movie.title}, ${formatSessionTime(start_time)}`}>
      <div className={styles.cover}>
        <Picture src={movie.poster ?? movie.promo_img} alt="" width={400} height={600} className={styles.poster} />
        <AgeBadge age={movie.age} className={styles.age} />
      </div>
      <h3 className={styles.title}>
        <Link to={paths.film(movie.id)}>{movie.title}</Link>
      </h3>
      <p className={styles.when}>
        <time dateTime={start_time.replace(' ', 'T')}>{formatSessionTime(start_time)}</time>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Зал</dt>
          <dd>{shortHallName(hall.name, cinema)}</dd>
        </div>
        <div>
          <dt>Ряд</dt>
          <dd>{row}</dd>
        </div>
        <div>
          <dt>Место</dt>
          <dd>{place}</dd>
        </div>
        <div>
          <dt>Цена</dt>
          <dd>{formatRoubles(ticket.price)}</dd>
        </div>
      </dl>
      <WatchingState value={ticket.is_watching} />
      {ticket.is_watching !== 2 && <TicketQr ticketId={ticket.id} code={ticket.qr} />}
    </article>
  );
}
