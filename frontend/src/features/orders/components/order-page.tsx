/**
 * /orders/{id}: where the payment provider sends the buyer back. It shows only what the server says
 * of the order — waiting for the payment, paid (the tickets), declined, expired or cancelled — and
 * follows it live (the user room, with polling while it waits). A reload shows the same stage again:
 * a paid order shows its tickets, never the hold's «Время брони истекло».
 */
import { paths } from '../../../config/paths';
import { ApiError } from '../../../shared/api/client';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { Missing } from '../../../shared/ui/missing';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ErrorState } from '../../../shared/ui/query-state';
import { useOrder } from '../api/order';
import { isClosed, STAGE_TITLES, stageOf } from '../lib/order-stage';
import { OrderClosed } from './order-closed';
import { OrderPaid } from './order-paid';
import { OrderSummary } from './order-summary';
import { OrderWaiting } from './order-waiting';
import styles from './order.module.css';

export function OrderPage({ id }: { id: number }) {
  const order = useOrder(id);
  const data = order.data;
  useDocumentTitle(`Заказ №${id}`);

  if (!data) {
    if (order.isError) {
      return order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400) ? (
        <OrderMissing />
      ) : (
        <ErrorState message="Не удалось загрузить заказ" onRetry={() => void order.refetch()} />
      );
    }
    return <PageLoader label="Загрузка заказа..." />;
  }
  const stage = stageOf(data);

  return (
    <section className={styles.page} aria-labelledby="order-title" data-stage={stage}>
      <p className={styles.kicker}>Заказ №{data.id}</p>
      <h1 id="order-title">{STAGE_TITLES[stage]}</h1>
      {/* Screen readers hear each new stage: the page changes by itself, without the reader's action. */}
      <p role="status" className="visually-hidden">
        {`Заказ №${data.id}: ${STAGE_TITLES[stage]}`}
      </p>
      {order.isError && (
        <p className={styles.offline} role="status">
          Нет связи с сервером, пробуем снова...
        </p>
      )}
      {stage === 'waiting' && <OrderWaiting order={data} receivedAt={order.dataUpdatedAt} />}
      {isClosed(stage) && <OrderClosed order={data} stage={stage} />}
      <OrderSummary order={data} lines={stage !== 'paid'} />
      {stage === 'paid' && <OrderPaid order={data} />}
    </section>
  );
}

export function OrderMissing() {
  return <Missing title="Заказ не найден" back={{ to: paths.profile, label: 'Мои билеты в профиле' }} />;
}
