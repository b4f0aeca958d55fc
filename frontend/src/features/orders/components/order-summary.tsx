/** What an order is for: the film, session and hall, and (until its tickets are shown) its seats and total. */
import { formatRoubles, formatSessionTime, type OrderView } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { OrderDiscounts, OrderLines } from './order-lines';
import styles from './order.module.css';

export function OrderSummary({ order, lines }: { order: OrderView; lines: boolean }) {
  const { movie, start_time, hall } = order.schedule;
  return (
    <>
      <dl className={styles.facts}>
        <dt>Фильм</dt>
        <dd>
          <Link to={paths.film(movie.id)}>{movie.title}</Link> <span className={styles.muted}>{movie.age}+</span>
        </dd>
        <dt>Сеанс</dt>
        <dd>{formatSessionTime(start_time)}</dd>
        <dt>Зал</dt>
        <dd>{hall}</dd>
      </dl>
      {lines && (
        <>
          <OrderLines order={order} />
          <OrderDiscounts order={order} />
          <p className={styles.total}>
            <span>Итого</span>
            <span>{formatRoubles(order.total)}</span>
          </p>
        </>
      )}
    </>
  );
}
