/**
 * «Отменить сеанс» (docs/architecture.md, "Sessions change and ЕАИС"): a confirmation with a required reason, saying what
 * happens to the tickets — paid ones are refunded (online through the payment service, till ones at
 * the counter), orders being paid are cancelled, buyers get a mail with the reason. The server answers
 * how many of each it did (POST /api/schedules/{id}/cancel).
 */
import {
  formatShortTime,
  ScheduleCancelBodySchema,
  type ScheduleCancelResult,
  type StaffSession,
} from '@kino/backend/contract';
import { SESSIONS_READS } from '../api/schedules';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SubmitButton, TextAreaField, formStyles } from '../../../shared/ui/form';
import styles from './session-cancel-dialog.module.css';

/** What cancelling will do to this session's tickets, as the list counts them. */
function consequences(session: StaffSession): string[] {
  const paying = Math.max(0, session.taken - session.paid);
  return [
    session.paid > 0
      ? `Оплаченных билетов: ${session.paid}. Все они будут возвращены: оплаченные онлайн — через платёжный сервис сразу, купленные в кассе — при обращении в кассу.`
      : 'Оплаченных билетов нет: возвращать нечего.',
    ...(paying > 0 ? [`Заказы, которые сейчас оплачиваются (мест: ${paying}), будут отменены.`] : []),
    'Покупатели получат письмо с причиной отмены. Сеанс уйдёт с афиши, продажа закроется.',
  ];
}

export function SessionCancelDialog({
  session,
  onClose,
  onCancelled,
}: {
  session: StaffSession;
  onClose: () => void;
  onCancelled: (result: ScheduleCancelResult) => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ScheduleCancelBodySchema,
    initial: { reason: '' },
    mutation: useApiMutation('POST /schedules/:id/cancel', {
      onSuccess: () => void invalidate(queryClient, ...SESSIONS_READS),
    }),
    toInput: (body) => ({ params: { id: String(session.id) }, body }),
    onSuccess: (result) => {
      onCancelled(result);
      onClose();
    },
  });

  return (
    <Dialog title="Отменить сеанс" busy={form.saving} onClose={onClose}>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        <p className={styles.what}>
          «{session.movie.title}», {formatShortTime(session.start_time)}, {session.hall.name}
        </p>
        <ul className={styles.consequences}>
          {consequences(session).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <TextAreaField
          label="Причина отмены"
          required
          rows={3}
          maxLength={500}
          hint="Её прочитают покупатели в письме"
          {...form.field('reason')}
        />
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <div className={styles.buttons}>
          <button type="button" className={styles.keep} onClick={onClose} disabled={form.saving}>
            Не отменять
          </button>
          <SubmitButton saving={form.saving} savingLabel="Отмена сеанса...">
            Отменить сеанс
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** The notice after a cancel: what the server did with the tickets. */
export function cancelledNotice(session: StaffSession, result: ScheduleCancelResult): string {
  const done = [
    result.refunded_online > 0 && `билетов возвращается онлайн: ${result.refunded_online}`,
    result.refund_at_counter > 0 && `билетов к возврату в кассе: ${result.refund_at_counter}`,
    result.orders_cancelled > 0 && `отменяется неоплаченных заказов: ${result.orders_cancelled}`,
  ].filter(Boolean);
  const title = `Сеанс «${session.movie.title}» ${formatShortTime(session.start_time)} отменён`;
  return done.length > 0 ? `${title}: ${done.join('; ')}` : title;
}
