/**
 * The sale made: the change to give (cash), the card's RRN, the link sent for payment, or the SBP QR to
 * scan (asked again until paid and receipted, or cancelled: the seats are then free to sell again); the tickets; and
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
import { downloadTillTickets, openTillTickets, useTillOrder, type PrintFormat } from '../api/sale';
import { showOnDisplay } from '../lib/display';
import { SbpQr } from './sbp-qr';
import styles from './till.module.css';

const FORMAT_LABEL: Record<PrintFormat, string> = { '80mm': '80 мм', a4: 'A4' };

export function SaleResult({ order: sold, contact, onNew }: { order: TillOrder; contact: string; onNew(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [receivedAt] = useState(() => Date.now());
  const asked = useTillOrder(sold);
  const order = asked.data ?? sold;
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const paid = order.status === 'paid';
  const count = order.tickets.length;
  const sbp = order.payment_method === 'sbp';
  const waitingQr = sbp && order.status === 'pending' && order.qr !== null;
  const qrGone = sbp && (order.status === 'cancelled' || order.status === 'expired');
  // The buyer's screen shows the QR while it waits, and nothing once it is paid or gone.
  useEffect(() => {
    if (waitingQr && order.qr)
      showOnDisplay({
        kind: 'sbp',
        qr: order.qr,
        total: order.total,
        deadline: Date.parse(order.expires_at) - (Date.parse(order.server_time) - receivedAt),
      });
    else showOnDisplay({ kind: 'idle' });
  }, [waitingQr, order.qr, order.total, order.expires_at, order.server_time, receivedAt]);
  useEffect(() => () => showOnDisplay({ kind: 'idle' }), []);

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
            : qrGone
              ? `Оплата по СБП не прошла: заказ №${order.id} отменён`
              : sbp
                ? `Заказ №${order.id} ждёт оплаты по СБП`
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
          {!paid && !sbp && `Ссылка на оплату ${formatRoubles(order.total)} отправлена на ${contact}. `}
          {waitingQr && 'Покажите покупателю QR-код: он оплатит в приложении банка. '}
          {qrGone &&
            `${order.decline?.message ?? 'Время на оплату истекло'}. Места снова свободны: выберите их и продайте заново. `}
          {paid && sbp && order.fiscal === null && !order.receipt_pending && 'Оплачено по СБП, касса печатает чек... '}
          {order.receipt_pending && 'Касса не пробила чек: продажа ждёт чека коррекции, позовите менеджера. '}
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
      {waitingQr && <SbpQr order={order} receivedAt={receivedAt} />}
      {!paid && !sbp && order.confirmation_url && (
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
