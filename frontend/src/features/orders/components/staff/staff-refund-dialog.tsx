/**
 * The staff refund's confirmation: which tickets, how much goes back, and a required reason (it is
 * written to the order's audit trail). The reason is checked with the contract's schema before
 * sending; the server's refusals (refunded or used meanwhile, a refund already under way) are shown
 * here in its own words.
 */
import {
  formatRoubles,
  seatLabel,
  StaffRefundBodySchema,
  type OrderLine,
  type StaffOrder,
} from '@kino/backend/contract';
import { useContractForm } from '../../../../shared/forms/use-contract-form';
import { Dialog } from '../../../../shared/ui/dialog';
import { FormMessage, TextAreaField } from '../../../../shared/ui/form';
import { useStaffRefund } from '../../api/staff-orders';
import styles from './order-details.module.css';

export interface RefundChoice {
  lines: OrderLine[];
  /** The whole order: the server refunds every line it still can. */
  whole: boolean;
}

export function StaffRefundDialog({
  order,
  choice,
  onClose,
  onDone,
}: {
  order: StaffOrder;
  choice: RefundChoice;
  onClose: () => void;
  onDone: (order: StaffOrder) => void;
}) {
  const refund = useStaffRefund(order.id);
  const form = useContractForm({
    schema: StaffRefundBodySchema,
    initial: { reason: '', ticket_ids: choice.whole ? undefined : choice.lines.map((line) => line.ticket_id) },
    mutation: refund,
    toInput: (body) => ({ params: { id: order.id }, body }),
    onSuccess: (updated) => {
      onDone(updated);
      onClose();
    },
  });
  const amount = choice.lines.reduce((sum, line) => sum + line.price, 0);

  return (
    <Dialog
      title={choice.whole ? `Вернуть деньги за заказ №${order.id}?` : 'Вернуть деньги за выбранные билеты?'}
      busy={form.saving}
      onClose={onClose}
    >
      <form onSubmit={form.submit} noValidate className={styles.dialogForm}>
        <ul className={styles.dialogLines} aria-label="Билеты к возврату">
          {choice.lines.map((line) => (
            <li key={line.ticket_id}>
              <span>
                Билет №{line.ticket_id}: {seatLabel(line.seat_number)}
              </span>
              <span>{formatRoubles(line.price)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.dialogTotal}>
          <span>К возврату</span>
          <span>{formatRoubles(amount)}</span>
        </p>
        <p className={styles.muted}>
          Деньги вернутся покупателю через платёжный сервис; билеты перестанут действовать, а места снова поступят в
          продажу, когда сервис подтвердит возврат.
          {choice.whole && ' Использованные билеты не возвращаются.'}
        </p>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <TextAreaField
          label="Причина возврата"
          required
          maxLength={500}
          hint="Её увидят в журнале действий заказа"
          {...form.field('reason')}
        />
        <div className={styles.buttons}>
          {/* The safe choice has the focus: Enter on an opened dialog does not refund by accident. */}
          <button type="button" className={styles.cancel} onClick={onClose} disabled={form.saving} data-autofocus>
            Не возвращать
          </button>
          <button type="submit" className={styles.refund} disabled={form.saving} aria-busy={form.saving}>
            {form.saving ? 'Возврат...' : 'Вернуть деньги'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
