/**
 * An order's seats: each with its zone and ticket type, its price (the price before discounts struck
 * through beside it), then what the ticket types and the promo code took off.
 */
import { formatRoubles, seatLabel, type OrderView } from '@kino/backend/contract';
import { orderDiscounts, ticketKind } from '../lib/ticket-kind';
import styles from './order.module.css';

export function OrderLines({ order }: { order: OrderView }) {
  return (
    <ul className={styles.lines} aria-label="Места в заказе">
      {order.lines.map((line) => (
        <li key={line.ticket_id}>
          <span>
            {seatLabel(line.seat_number)}
            <span className={styles.kind}>{ticketKind(line)}</span>
            {line.ticket_type.check_document && <span className={styles.document}>Покажите документ на входе</span>}
          </span>
          <span className={styles.linePrice}>
            {formatRoubles(line.price)}
            {line.price < line.base && (
              <s className={styles.muted}>
                <span className="visually-hidden">без скидки </span>
                {formatRoubles(line.base)}
              </s>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The discounts of the order, when there are any. */
export function OrderDiscounts({ order }: { order: OrderView }) {
  const sums = orderDiscounts(order.lines);
  if (sums.type === 0 && sums.promo === 0) return null;
  return (
    <dl className={styles.discounts}>
      <dt>Без скидок</dt>
      <dd>{formatRoubles(sums.base)}</dd>
      {sums.type > 0 && (
        <>
          <dt>Скидка по типу билета</dt>
          <dd>−{formatRoubles(sums.type)}</dd>
        </>
      )}
      {sums.promo > 0 && (
        <>
          <dt>Промокод{order.promo_code ? ` ${order.promo_code}` : ''}</dt>
          <dd>−{formatRoubles(sums.promo)}</dd>
        </>
      )}
    </dl>
  );
}
