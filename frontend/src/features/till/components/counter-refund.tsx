/**
 * A ticket brought back to the counter: its number typed, or its QR code scanned (a scanner types the code
 * and Enter). After the session's start the server asks the admin for a reason: the field appears then.
 * The answer says how much goes back and how: out of the drawer, back to the card, or through the provider.
 */
import { formatRoubles, seatLabel, type TillRefund } from '@kino/backend/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormMessage, TextAreaField, TextField } from '../../../shared/ui/form';
import { useTillRefund } from '../api/sale';
import { tillFailure } from '../lib/failure';
import { refundTarget } from '../lib/refund';
import styles from './till.module.css';

const HOW: Record<TillRefund['method'], string> = {
  cash: 'выдайте наличными из кассы',
  card: 'верните на карту покупателя через терминал',
  provider: 'деньги вернутся покупателю через платёжный сервис',
};

export function CounterRefund({ onRefunded }: { onRefunded(): void }) {
  const refund = useTillRefund();
  const form = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [askReason, setAskReason] = useState(false);
  const [empty, setEmpty] = useState(false);
  const failure = tillFailure(refund.error);

  const field = (name: string) => form.current?.elements.namedItem(name) as HTMLElement | null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = refundTarget(typed);
    setEmpty(target === null);
    if (!target || refund.isPending) return;
    refund.mutate(
      { body: { ...target, ...(askReason && reason.trim() ? { reason: reason.trim() } : {}) } },
      {
        onSuccess: () => {
          setTyped('');
          setReason('');
          setAskReason(false);
          onRefunded();
          field('ticket')?.focus();
        },
        onError: (error) => {
          // After the start the admin refunds with a reason: the server says so by asking for it.
          if (error.fields.reason) {
            setAskReason(true);
            queueMicrotask(() => field('reason')?.focus());
          }
        },
      },
    );
  }

  const done = refund.isSuccess && !refund.isPending ? refund.data : null;
  return (
    <form ref={form} className={styles.refund} onSubmit={submit} noValidate aria-labelledby="till-refund-title">
      <h2 id="till-refund-title" className={styles.panelTitle}>
        Возврат билета
      </h2>
      <div className={styles.refundRow}>
        <TextField
          label="Номер или QR-код билета"
          name="ticket"
          autoComplete="off"
          spellCheck={false}
          placeholder="Отсканируйте или введите"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setEmpty(false);
          }}
          error={
            empty ? 'Введите номер билета или отсканируйте QR-код' : failure.fields.ticket_id || failure.fields.code
          }
        />
        {!askReason && (
          <button type="submit" className={styles.secondary} disabled={refund.isPending} aria-busy={refund.isPending}>
            {refund.isPending ? 'Возвращаем...' : 'Вернуть'}
          </button>
        )}
      </div>
      {askReason && (
        <>
          <TextAreaField
            label="Причина возврата"
            name="reason"
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={failure.fields.reason}
            hint="Сеанс уже начался: возврат только с причиной"
          />
          <button type="submit" className={styles.secondary} disabled={refund.isPending} aria-busy={refund.isPending}>
            {refund.isPending ? 'Возвращаем...' : 'Вернуть билет'}
          </button>
        </>
      )}
      <div aria-live="polite" aria-atomic="true">
        {failure.message && !failure.fields.reason && <FormMessage kind="error">{failure.message}</FormMessage>}
        {done && <Refunded key={done.ticket_id} refund={done} />}
      </div>
    </form>
  );
}

function Refunded({ refund }: { refund: TillRefund }) {
  const seat = refund.order.lines.find((l) => l.ticket_id === refund.ticket_id)?.seat_number;
  const line = useRef<HTMLParagraphElement>(null);
  // At the foot of a 768 px screen the answer may fall below the fold: it is brought into view.
  useEffect(() => {
    line.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <p className={styles.refunded} ref={line}>
      Билет №{refund.ticket_id} возвращён ({refund.order.schedule.movie.title}
      {seat ? `, ${seatLabel(seat).toLowerCase()}` : ''}): <strong>{formatRoubles(refund.amount)}</strong> —{' '}
      {HOW[refund.method]}.
    </p>
  );
}
