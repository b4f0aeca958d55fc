/**
 * /admin/dashboard/orders/{id}: one order for the staff — its facts, its lines and their refunds, the
 * provider's payment attempts and the audit trail (who did what, when, through which channel, why).
 * Roles that may refund choose lines (or the whole order) and give a reason in a confirmation dialog.
 */
import {
  formatRoubles,
  formatSessionTime,
  formatShortTime,
  MANUAL_REFUND_LABEL,
  RETURNED_BY_HAND_LABEL,
  ORDER_CHANNEL_LABELS,
  ORDER_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  seatLabel,
  TICKET_STATUS_LABELS,
  type OrderLine,
  type StaffOrder,
} from '@kino/backend/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useCan } from '../../../../shared/auth/access';
import { ORDER_ACTION_LABELS, PAYMENT_STATUS_LABELS, actorLabel } from '../../lib/labels';
import { refundOutcome } from '../../lib/staff-refund';
import { ReturnedByHandDialog } from './returned-by-hand-dialog';
import { StaffRefundDialog, type RefundChoice } from './staff-refund-dialog';
import styles from './order-details.module.css';

export function OrderDetails({ order }: { order: StaffOrder }) {
  const can = useCan();
  const mayRefund = can('orders', 'refund');
  const refundable = order.lines.filter((line) => line.refundable);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [refunding, setRefunding] = useState<RefundChoice | null>(null);
  const [resolving, setResolving] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const chosenLines = refundable.filter((line) => chosen.has(line.ticket_id));

  function toggle(line: OrderLine) {
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(line.ticket_id)) next.add(line.ticket_id);
      return next;
    });
  }

  return (
    <article className={styles.screen} aria-labelledby="order-title">
      <header className={styles.head}>
        <h1 id="order-title">Заказ №{order.id}</h1>
        <Link to={paths.adminOrders}>Все заказы</Link>
      </header>

      <dl className={styles.facts}>
        {order.pushkin && (
          <>
            <dt>Пушкинская карта</dt>
            <dd>
              {order.pushkin.visitor_name}: {order.pushkin.status_label}
              {order.pushkin.error && (
                <>
                  <br />
                  <strong className={styles.error}>{order.pushkin.error}</strong>
                </>
              )}
            </dd>
          </>
        )}
        <dt>Статус</dt>
        <dd>
          {ORDER_STATUS_LABELS[order.status]}
          {order.needs_manual_refund && (
            <>
              <br />
              <strong className={styles.error}>{MANUAL_REFUND_LABEL}</strong>
              {mayRefund && (
                <>
                  {' '}
                  <button type="button" className={styles.refund} onClick={() => setResolving(true)}>
                    {RETURNED_BY_HAND_LABEL}
                  </button>
                </>
              )}
            </>
          )}
          {order.returned_by_hand && (
            <>
              <br />
              {RETURNED_BY_HAND_LABEL}: {order.returned_by_hand.by ?? 'сотрудник'},{' '}
              {formatSessionTime(order.returned_by_hand.at)}
            </>
          )}
        </dd>
        <dt>Канал</dt>
        <dd>{ORDER_CHANNEL_LABELS[order.channel]}</dd>
        <dt>Покупатель</dt>
        <dd>{order.buyer ? `${order.buyer.fio} (${order.buyer.email})` : (order.email ?? 'Без аккаунта')}</dd>
        <dt>Фильм</dt>
        <dd>{order.schedule.movie.title}</dd>
        <dt>Сеанс</dt>
        <dd>
          {formatSessionTime(order.schedule.start_time)}, {order.schedule.hall}
        </dd>
        <dt>Сумма</dt>
        <dd>{formatRoubles(order.total)}</dd>
        <dt>Создан</dt>
        <dd>{formatShortTime(order.created_at)}</dd>
        {order.paid_at && (
          <>
            <dt>Оплачен</dt>
            <dd>{formatShortTime(order.paid_at)}</dd>
          </>
        )}
        {order.decline && (
          <>
            <dt>Отказ в оплате</dt>
            <dd>{order.decline.message}</dd>
          </>
        )}
      </dl>

      {outcome && (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={styles[outcome.kind]}>
          {outcome.text}
        </p>
      )}

      <section aria-labelledby="lines-title" className={styles.section}>
        <h2 id="lines-title">Билеты и возвраты</h2>
        <div className={styles.scroll} role="region" aria-labelledby="lines-title" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                {mayRefund && <th scope="col">Вернуть</th>}
                <th scope="col">Билет</th>
                <th scope="col">Место</th>
                <th scope="col" className={styles.numeric}>
                  Цена
                </th>
                <th scope="col">Статус</th>
                <th scope="col">Возврат</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.ticket_id}>
                  {mayRefund && (
                    <td>
                      {line.refundable && (
                        <input
                          type="checkbox"
                          checked={chosen.has(line.ticket_id)}
                          onChange={() => toggle(line)}
                          aria-label={`Выбрать для возврата: билет №${line.ticket_id}, ${seatLabel(line.seat_number)}`}
                        />
                      )}
                    </td>
                  )}
                  <td>№{line.ticket_id}</td>
                  <td>{seatLabel(line.seat_number)}</td>
                  <td className={styles.numeric}>{formatRoubles(line.price)}</td>
                  <td>{TICKET_STATUS_LABELS[line.status]}</td>
                  <td>
                    {line.refund ? (
                      <>
                        {REFUND_STATUS_LABELS[line.refund.status]}, {formatRoubles(line.refund.amount)}
                        <br />
                        <span className={styles.muted}>
                          {formatShortTime(line.refund.created_at)}: {line.refund.reason}
                        </span>
                        {line.refund.refusal && (
                          <>
                            <br />
                            <span className={styles.error}>Отказ: {line.refund.refusal}</span>
                          </>
                        )}
                      </>
                    ) : line.refund_refusal && !line.refundable ? (
                      <span className={styles.muted}>{line.refund_refusal}</span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {mayRefund && refundable.length > 0 && (
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.refund}
              disabled={chosenLines.length === 0}
              onClick={() => setRefunding({ lines: chosenLines, whole: false })}
            >
              Вернуть выбранные билеты{chosenLines.length > 0 ? ` (${chosenLines.length})` : ''}
            </button>
            <button
              type="button"
              className={styles.refund}
              onClick={() => setRefunding({ lines: refundable, whole: true })}
            >
              Вернуть весь заказ
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby="payments-title" className={styles.section}>
        <h2 id="payments-title">Платежи</h2>
        {order.payments.length === 0 ? (
          <p className={styles.muted}>Платежей нет</p>
        ) : (
          <div className={styles.scroll} role="region" aria-labelledby="payments-title" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Платёж в сервисе</th>
                  <th scope="col">Сервис</th>
                  <th scope="col" className={styles.numeric}>
                    Сумма
                  </th>
                  <th scope="col">Статус</th>
                  <th scope="col">Причина</th>
                  <th scope="col">Создан</th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td className={styles.code}>{payment.provider_payment_id ?? '—'}</td>
                    <td>{payment.provider}</td>
                    <td className={styles.numeric}>{formatRoubles(payment.amount)}</td>
                    <td>{PAYMENT_STATUS_LABELS[payment.status]}</td>
                    <td>{payment.cancellation_reason ?? '—'}</td>
                    <td className={styles.nowrap}>{formatShortTime(payment.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="events-title" className={styles.section}>
        <h2 id="events-title">Журнал действий</h2>
        <ol className={styles.events}>
          {order.events.map((event, index) => (
            <li key={index}>
              <span className={styles.nowrap}>{formatShortTime(event.at)}</span>{' '}
              <strong>{ORDER_ACTION_LABELS[event.action]}</strong>
              <span className={styles.muted}>
                {' '}
                — {actorLabel(event.actor)}, {ORDER_CHANNEL_LABELS[event.channel]}
              </span>
              {event.reason && <span className={styles.reason}>Причина: {event.reason}</span>}
            </li>
          ))}
        </ol>
      </section>

      {refunding && (
        <StaffRefundDialog
          order={order}
          choice={refunding}
          onClose={() => setRefunding(null)}
          onDone={(updated) => {
            setChosen(new Set());
            setOutcome(refundOutcome(updated, refunding.lines));
          }}
        />
      )}
      {resolving && (
        <ReturnedByHandDialog
          order={order}
          onClose={() => setResolving(false)}
          onDone={() => setOutcome({ kind: 'success', text: `${RETURNED_BY_HAND_LABEL}: отмечено` })}
        />
      )}
    </article>
  );
}
