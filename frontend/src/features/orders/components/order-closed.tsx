/**
 * An order that ended unpaid: the provider declined the payment (its reason in Russian), the time to
 * pay ran out, or it was cancelled. Its seats are free again; the page offers to choose anew while
 * the session has not started.
 */
import { cinemaNow, type OrderView } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ClosedStage } from '../lib/order-stage';
import styles from './order.module.css';

const EXPLANATIONS: Record<ClosedStage, string> = {
  declined: 'Заказ отменён, места освобождены.',
  expired:
    'Заказ отменён, места освобождены. Если оплата всё же пройдёт позже, мы оформим билеты, если места ещё свободны, или вернём деньги и напишем вам на почту.',
  cancelled: 'Места освобождены.',
};

export function OrderClosed({ order, stage }: { order: OrderView; stage: ClosedStage }) {
  const started = order.schedule.start_time <= cinemaNow();
  return (
    <>
      {stage === 'declined' && order.decline && (
        <p className={styles.reason}>
          <strong>{order.decline.message}</strong>
        </p>
      )}
      <p>{EXPLANATIONS[stage]}</p>
      <div className={styles.actions}>
        {started ? (
          <p>
            Сеанс уже начался. <Link to={paths.schedule}>Выбрать другой сеанс в афише</Link>
          </p>
        ) : (
          <Link className={styles.primary} to={paths.seats(order.schedule.id)}>
            Выбрать места заново
          </Link>
        )}
      </div>
    </>
  );
}
