/**
 * An order waiting for its payment: the payment deadline counting down on the server's clock, the
 * way to the provider's page, and a way out that gives the seats back. Whether the money came is
 * never guessed here: past the deadline the page only says it is checking, until the server knows.
 */
import type { OrderView } from '@kino/backend/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatRemaining, useServerCountdown } from '../../../shared/lib/server-clock';
import { useCancelOrder } from '../api/order';
import { paymentDeadline } from '../lib/order-stage';
import styles from './order.module.css';

export function OrderWaiting({ order, receivedAt }: { order: OrderView; receivedAt: number }) {
  const { deadline, offset } = paymentDeadline(order, receivedAt);
  const remaining = useServerCountdown(deadline, offset);
  const cancel = useCancelOrder(order.id);
  const navigate = useNavigate();
  const overdue = remaining === 0;

  function giveUp() {
    cancel.mutate(
      { params: { id: order.id } },
      { onSuccess: (closed) => void navigate(paths.seats(closed.schedule.id)) },
    );
  }

  return (
    <>
      {overdue ? (
        <p>Время на оплату вышло. Проверяем у платёжного сервиса, не прошла ли оплата…</p>
      ) : (
        <>
          <p>
            Как только платёжный сервис подтвердит оплату, здесь появятся билеты. Страница обновится сама — обновлять её
            не нужно.
          </p>
          {remaining !== null && (
            <p className={styles.countdown} role="timer" aria-live="off">
              Оплатить заказ можно ещё <strong>{formatRemaining(remaining)}</strong>
            </p>
          )}
        </>
      )}
      <div className={styles.actions}>
        {!overdue &&
          (order.confirmation_url ? (
            <a className={styles.primary} href={order.confirmation_url}>
              Перейти к оплате
            </a>
          ) : (
            <p className={styles.muted}>Платёж создаётся…</p>
          ))}
        <button
          type="button"
          className={styles.secondary}
          onClick={giveUp}
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
        >
          {cancel.isPending ? 'Отменяем заказ...' : 'Отменить заказ и выбрать другие места'}
        </button>
      </div>
      {cancel.isError && (
        <p role="alert" className={styles.error}>
          {cancel.error.message}
        </p>
      )}
    </>
  );
}
