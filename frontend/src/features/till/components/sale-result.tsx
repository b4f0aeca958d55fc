/**
 * The sale made: the change to give (cash), the card's RRN, or the link sent for payment; the tickets; and
 * their PDFs for the printer (80 mm thermal strip or A4), the cash register's receipt (its fiscal data),
 * then «Новая продажа». It takes the focus and is announced, so the cashier hears the change without looking.
 */
import {
  formatRoubles,
  formatShortTime,
  PAYMENT_METHOD_LABELS,
  seatLabel,
  type TillOrder,
} from '@kino/backend/contract';
import { useEffect, useRef, useState } from 'react';
import { plural } from '../../../shared/lib/format';
import { downloadTillTickets, openTillTickets, type PrintFormat } from '../api/sale';
import styles from './till.module.css';

const FORMAT_LABEL: Record<PrintFormat, string> = { '80mm': '80 мм', a4: 'A4' };

export function SaleResult({ order, contact, onNew }: { order: TillOrder; contact: string; onNew(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const paid = order.status === 'paid';
  const count = order.tickets.length;

  async function print(format: PrintFormat, open: boolean) {
    setPrinting(`${format}-${open}`);
    setFailed(false);
    try {
      await (open ? openTillTickets : downloadTillTickets)(order.id, format);
    } catch {
      setFailed(true);
    } finally {
      setPrinting(null);
    }
  }

  return (
    <section className={styles.result} aria-labelledby="till-result-title">
      <div aria-live="polite" aria-atomic="true">
        <h2 id="till-result-title" ref={heading} tabIndex={-1} className={styles.resultTitle}>
          {paid
            ? `Продано ${count} ${plural(count, ['билет', 'билета', 'билетов'])} на ${formatRoubles(order.total)}`
            : `Заказ №${order.id} ждёт оплаты по ссылке`}
        </h2>
        {order.payment_method === 'cash' && order.change !== null && (
          <p className={styles.changeDue}>
            Сдача: <strong>{formatRoubles(order.change)}</strong>
          </p>
        )}
        <p className={styles.muted}>
          {order.payment_method === 'cash' && order.given !== null && `Получено ${formatRoubles(order.given)}. `}
          {order.payment_method === 'card' && `Оплачено картой${order.rrn ? `, RRN ${order.rrn}` : ''}. `}
          {!paid && `Ссылка на оплату ${formatRoubles(order.total)} отправлена на ${contact}. `}
          {paid && contact && `Билеты отправлены на ${contact}. `}
          Заказ №{order.id}, {PAYMENT_METHOD_LABELS[order.payment_method].toLowerCase()}.
        </p>
      </div>
      {order.fiscal && (
        <dl className={styles.fiscal} aria-label="Кассовый чек" data-testid="fiscal-receipt">
          <dt>Чек</dt>
          <dd>
            №{order.fiscal.receipt_number}, смена кассы №{order.fiscal.shift_number},{' '}
            {formatShortTime(order.fiscal.datetime)}
          </dd>
          <dt>ФД</dt>
          <dd>{order.fiscal.document_number}</dd>
          <dt>ФП</dt>
          <dd>{order.fiscal.fiscal_sign}</dd>
          <dt>ФН</dt>
          <dd>{order.fiscal.fn_number}</dd>
        </dl>
      )}
      {!paid && order.confirmation_url && (
        <p>
          <a href={order.confirmation_url} target="_blank" rel="noreferrer">
            Ссылка на оплату
          </a>
        </p>
      )}
      {paid && (
        <>
          <ul className={styles.soldTickets} aria-label="Проданные билеты">
            {order.tickets.map((t) => (
              <li key={t.id}>
                <span>
                  Билет №{t.id}: {seatLabel(t.seat_number)}, {t.ticket_type.name.toLowerCase()}
                </span>
                <span>{formatRoubles(t.price)}</span>
              </li>
            ))}
          </ul>
          <div className={styles.printButtons} role="group" aria-label="Печать билетов">
            {(['80mm', 'a4'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className={styles.secondary}
                disabled={printing !== null}
                aria-busy={printing === `${format}-false`}
                onClick={() => void print(format, false)}
              >
                Скачать PDF {FORMAT_LABEL[format]}
              </button>
            ))}
            <button
              type="button"
              className={styles.secondary}
              disabled={printing !== null}
              aria-busy={printing === '80mm-true'}
              onClick={() => void print('80mm', true)}
            >
              Открыть для печати
            </button>
          </div>
          {failed && (
            <p role="alert" className={styles.error}>
              Не удалось получить билеты. Попробуйте ещё раз
            </p>
          )}
        </>
      )}
      <button type="button" className={styles.primary} onClick={onNew} aria-keyshortcuts="Escape">
        Новая продажа
      </button>
    </section>
  );
}
