/**
 * The confirmation of «Деньги вернули вручную»: the provider refused to give a late payment back, staff
 * returned it some other way and say so here (the order leaves the list's filter and the dashboard's
 * count; the audit trail keeps who and when). The server's refusal is shown in its own words.
 */
import { formatRoubles, RETURNED_BY_HAND_LABEL, type StaffOrder } from '@kino/backend/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { FormMessage } from '../../../../shared/ui/form';
import { useReturnedByHand } from '../../api/staff-orders';
import styles from './order-details.module.css';

export function ReturnedByHandDialog({
  order,
  onClose,
  onDone,
}: {
  order: StaffOrder;
  onClose: () => void;
  onDone: (order: StaffOrder) => void;
}) {
  const mark = useReturnedByHand(order.id);
  function confirm() {
    if (mark.isPending) return;
    mark.mutate(
      { params: { id: order.id } },
      {
        onSuccess: (updated) => {
          onDone(updated);
          onClose();
        },
      },
    );
  }
  return (
    <Dialog title={`${RETURNED_BY_HAND_LABEL}?`} busy={mark.isPending} onClose={onClose}>
      <p>
        Платёжный сервис отказался вернуть оплату заказа №{order.id} ({formatRoubles(order.total)}). Отметьте, что
        деньги покупателю вернули другим способом: в журнале действий заказа останется, кто и когда это сделал.
      </p>
      {mark.error && <FormMessage kind="error">{mark.error.message}</FormMessage>}
      <div className={styles.buttons}>
        {/* The safe choice has the focus: Enter on an opened dialog marks nothing by accident. */}
        <button type="button" className={styles.cancel} onClick={onClose} disabled={mark.isPending} data-autofocus>
          Отмена
        </button>
        <button
          type="button"
          className={styles.refund}
          onClick={confirm}
          disabled={mark.isPending}
          aria-busy={mark.isPending}
        >
          {mark.isPending ? 'Сохранение...' : RETURNED_BY_HAND_LABEL}
        </button>
      </div>
    </Dialog>
  );
}
