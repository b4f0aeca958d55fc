/**
 * 'Вернуть билет' asks first: which ticket, the cut-off rule, what a refund does. The money goes back
 * through the payment provider: the answer is the ticket refunded, or its refund under way. The
 * server's refusal (the cut-off passed meanwhile, already refunded or used, a refund already under
 * way, the provider said no) is shown in the dialog in its own words, with what to do next.
 */
import { formatRoubles, formatSessionTime, seatLabel, type OwnTicket } from '@kino/backend/contract';
import type { ApiError } from '../../../shared/api/client';
import { Dialog } from '../../../shared/ui/dialog';
import { useRefundTicket } from '../api/own-tickets';
import styles from './refund-dialog.module.css';

/** What to do after a refusal, where the server's message alone leaves it open. */
function nextStep(error: ApiError): string | null {
  switch (error.code) {
    case 'refund_pending':
      return 'Дождитесь ответа платёжного сервиса: статус билета в профиле обновится сам.';
    case 'refund_refused':
      return 'Билет остаётся действительным. Попробуйте вернуть его позже или обратитесь в кассу кинотеатра.';
    default:
      return null;
  }
}

export function RefundDialog({
  ticket,
  onClose,
  onRefunded,
}: {
  ticket: OwnTicket;
  onClose: () => void;
  onRefunded: (ticket: OwnTicket) => void;
}) {
  const refund = useRefundTicket();
  const { movie, hall, start_time } = ticket.schedule;
  function confirm() {
    refund.mutate(
      { params: { id: ticket.id } },
      {
        onSuccess: (refunded) => {
          onRefunded(refunded);
          onClose();
        },
      },
    );
  }

  return (
    <Dialog title={`Вернуть билет №${ticket.id}?`} describedBy="refund-rule" busy={refund.isPending} onClose={onClose}>
      <dl className={styles.facts}>
        <dt>Фильм</dt>
        <dd>{movie.title}</dd>
        <dt>Сеанс</dt>
        <dd>{formatSessionTime(start_time)}</dd>
        <dt>Зал</dt>
        <dd>{hall.name}</dd>
        <dt>Место</dt>
        <dd>{seatLabel(ticket.seat_number)}</dd>
        <dt>Цена</dt>
        <dd>{formatRoubles(ticket.price)}</dd>
      </dl>
      <p id="refund-rule" className={styles.rule}>
        Билет можно вернуть не позднее чем за {ticket.refund_cutoff_minutes} минут до начала сеанса — до{' '}
        {formatSessionTime(ticket.refundable_until)}. Деньги вернутся на карту через платёжный сервис; когда он
        подтвердит возврат, место снова поступит в продажу, а билет и его QR-код перестанут действовать.
      </p>
      {refund.isError && (
        <div role="alert" className={styles.error}>
          <p>{refund.error.message}</p>
          {nextStep(refund.error) && <p>{nextStep(refund.error)}</p>}
        </div>
      )}
      <div className={styles.buttons}>
        {/* The safe choice has the focus: Enter on an opened dialog does not refund by accident. */}
        <button type="button" className={styles.cancel} onClick={onClose} disabled={refund.isPending} data-autofocus>
          {refund.isError ? 'Закрыть' : 'Не возвращать'}
        </button>
        {!refund.isError && (
          <button
            type="button"
            className={styles.confirm}
            onClick={confirm}
            disabled={refund.isPending}
            aria-busy={refund.isPending}
          >
            {refund.isPending ? 'Возврат...' : 'Вернуть билет'}
          </button>
        )}
      </div>
    </Dialog>
  );
}
