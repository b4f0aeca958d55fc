/**
 * How the buyer pays: cash (the amount handed over, and the change at once), card on the bank's terminal
 * (its RRN if typed), SBP by the QR the till then shows, or a payment link sent to an e-mail; an e-mail
 * (or a phone, for the receipt) otherwise. Enter in
 * any field pays. The form is the caller's to check and send (onPay); it shows the complaints it is given.
 */
import { formatRoubles, type TillMethod } from '@kino/backend/contract';
import { useId, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { TextField } from '../../../shared/ui/form';
import { checkCash } from '../lib/cash';
import type { Payment } from '../lib/sale-request';
import styles from './till.module.css';

const METHODS: { value: TillMethod; label: string }[] = [
  { value: 'cash', label: 'Наличные' },
  { value: 'card', label: 'Карта' },
  { value: 'sbp', label: 'СБП (QR-код)' },
  { value: 'link', label: 'Ссылка на оплату' },
  { value: 'pushkin', label: 'Пушкинская карта' },
];

const PAY_LABEL: Record<TillMethod, string> = {
  cash: 'Оплата наличными',
  card: 'Оплачено картой',
  link: 'Отправить ссылку на оплату',
  sbp: 'Показать QR-код СБП',
  pushkin: 'Оплачено Пушкинской картой',
};

interface PaymentFormProps {
  formRef: Ref<HTMLFormElement>;
  /** The total to pay, or null while it is not known. */
  total: number | null;
  seats: number;
  /** The session may be paid with the Pushkin card (the API's `pushkin`: its film in the programme, the card accepted). */
  pushkin: boolean;
  disabled: boolean;
  busy: boolean;
  errors: Record<string, string>;
  onPay(payment: Payment): void;
  /** A field was changed: its old complaint goes. */
  onEdit(field: keyof Payment): void;
}

export function PaymentForm({
  formRef,
  total,
  seats,
  pushkin,
  disabled,
  busy,
  errors,
  onPay,
  onEdit,
}: PaymentFormProps) {
  const id = useId();
  const [entered, setPayment] = useState<Payment>({
    method: 'cash',
    given: '',
    rrn: '',
    contact: '',
    fullName: '',
    phone: '',
    terminalId: '',
  });
  // The Pushkin card only where the session may be paid with it (another session chosen: cash again).
  const methods = pushkin ? METHODS : METHODS.filter((m) => m.value !== 'pushkin');
  const payment: Payment = pushkin || entered.method !== 'pushkin' ? entered : { ...entered, method: 'cash' };
  const set = (field: keyof Payment, value: string) => {
    setPayment((p) => ({ ...p, [field]: value }));
    onEdit(field);
  };
  const cash = total === null ? null : checkCash(total, payment.given);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onPay(payment);
  }

  // The RRN from the slip of the bank's or the Pushkin terminal: one field, labelled per method.
  const rrnField = {
    name: 'rrn',
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    placeholder: '12 цифр',
    maxLength: 12,
    value: payment.rrn,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set('rrn', event.target.value),
    error: errors.rrn,
    readOnly: busy,
  };
  return (
    <form ref={formRef} className={styles.payment} onSubmit={submit} noValidate aria-label="Оплата">
      <fieldset className={styles.methods} disabled={busy}>
        <legend className={styles.legend}>Способ оплаты</legend>
        {methods.map((m) => (
          <label key={m.value} className={styles.method}>
            <input
              type="radio"
              name="method"
              value={m.value}
              checked={payment.method === m.value}
              onChange={() => set('method', m.value)}
            />
            {m.label}
          </label>
        ))}
      </fieldset>

      {payment.method === 'cash' && (
        <div className={styles.cash}>
          <TextField
            label="Получено от покупателя, ₽"
            name="given"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Без сдачи"
            value={payment.given}
            onChange={(event) => set('given', event.target.value)}
            error={errors.given}
            readOnly={busy}
          />
          <p className={styles.change} id={`${id}-change`} aria-live="polite">
            {cash?.kind === 'change' && (
              <>
                Сдача: <strong>{formatRoubles(cash.change)}</strong>
              </>
            )}
            {cash?.kind === 'short' && <>Не хватает {formatRoubles(cash.missing)}</>}
          </p>
        </div>
      )}
      {payment.method === 'card' && <TextField label="RRN с чека терминала (необязательно)" {...rrnField} />}
      {payment.method === 'pushkin' && (
        <>
          <p className={styles.change}>Один билет на владельца карты; ФИО и телефон — как в Госуслуги.Культура.</p>
          <TextField
            label="ФИО владельца карты"
            name="full_name"
            autoComplete="off"
            value={payment.fullName}
            onChange={(event) => set('fullName', event.target.value)}
            error={errors['visitor.full_name'] ?? errors.visitor}
            readOnly={busy}
          />
          <TextField
            label="Телефон владельца карты"
            name="phone"
            type="tel"
            autoComplete="off"
            placeholder="+7 916 123-45-67"
            value={payment.phone}
            onChange={(event) => set('phone', event.target.value)}
            error={errors['visitor.phone']}
            readOnly={busy}
          />
          <TextField label="RRN с чека Пушкинского терминала" {...rrnField} />
          <TextField
            label="ID Пушкинского терминала"
            name="terminal_id"
            autoComplete="off"
            value={payment.terminalId}
            onChange={(event) => set('terminalId', event.target.value)}
            error={errors.terminal_id}
            readOnly={busy}
          />
        </>
      )}
      <TextField
        label={
          payment.method === 'link'
            ? 'Почта покупателя: придёт ссылка на оплату'
            : 'Почта для билетов или телефон для чека (необязательно)'
        }
        name="contact"
        type={payment.method === 'link' ? 'email' : 'text'}
        autoComplete="off"
        value={payment.contact}
        onChange={(event) => set('contact', event.target.value)}
        error={errors.contact}
        required={payment.method === 'link'}
        readOnly={busy}
      />
      <button
        type="submit"
        className={styles.pay}
        disabled={disabled || busy}
        aria-busy={busy}
        aria-keyshortcuts="Enter"
      >
        {busy
          ? 'Продаём...'
          : `${PAY_LABEL[payment.method]}${total !== null && seats > 0 ? ` · ${formatRoubles(total)}` : ''}`}
      </button>
    </form>
  );
}
