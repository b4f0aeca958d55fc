/**
 * The checkout (SPEC leaves it open): the film, session, hall, my held seats and the total, a
 * live countdown to the end of the hold, and payment. When the hold runs out a dialog says so
 * and offers to choose again; after payment the tickets are shown.
 */
import { formatRoubles, formatSessionTime, seatLabel, type TicketStoreResponse } from '@kino/backend/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../shared/api/client';
import { useBuyTickets } from './api/buy-tickets';
import { useSeatSession } from './api/get-seat-session';
import { formatRemaining, useCountdown } from './api/use-countdown';
import { useSeatMap } from './api/use-seat-map';
import { ExpiredDialog } from './components/expired-dialog';
import { PurchaseSuccess } from './components/purchase-success';
import { paymentProvider } from './payment/payment-provider';
import styles from './checkout-page.module.css';

export default function CheckoutPage() {
  const sessionId = Number(useParams().sessionId) || null;
  const session = useSeatSession(sessionId);
  const seatMap = useSeatMap(sessionId);
  const remaining = useCountdown(seatMap.state.deadline);
  const buy = useBuyTickets();
  const [paid, setPaid] = useState<TicketStoreResponse | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);

  if (paid) return <PurchaseSuccess tickets={paid.tickets} />;
  if (!seatMap.signedIn) {
    return (
      <Shell>
        <p>
          Войдите, чтобы оформить покупку. <Link to={paths.login}>Войти</Link>
        </p>
      </Shell>
    );
  }
  if (session.isPending || seatMap.status === 'connecting') return <Shell>Загрузка заказа...</Shell>;
  if (session.isError || seatMap.status === 'missing') {
    return (
      <Shell>
        <p role="alert">
          Такого сеанса нет. Выберите сеанс в <Link to={paths.schedule}>расписании</Link>
        </p>
      </Shell>
    );
  }

  const info = session.data;
  const seats = seatMap.mine;
  const total = seats.length * info.price;
  const expired =
    (remaining === 0 && seats.length > 0) ||
    (buy.error instanceof ApiError && buy.error.code === 'hold_expired') ||
    (seatMap.status === 'ready' && seats.length === 0 && buy.isIdle);

  async function pay() {
    setPaymentError(null);
    const payment = await paymentProvider.pay({
      amount: total,
      description: `${info.movie.title}: ${seats.length} бил.`,
    });
    if (!payment.ok) return setPaymentError(payment.message);
    buy.mutate({ session: info, seats }, { onSuccess: setPaid });
  }

  const failure =
    paymentError ??
    (buy.error instanceof ApiError && buy.error.code === 'price_changed'
      ? `${buy.error.message}. Обновите страницу, чтобы увидеть новую цену`
      : buy.error && !(buy.error instanceof ApiError && buy.error.code === 'hold_expired')
        ? buy.error.message
        : null);

  return (
    <Shell>
      <dl className={styles.facts}>
        <dt>Фильм</dt>
        <dd>
          {info.movie.title}{' '}
          <span className={styles.muted}>
            {info.movie.age}+, {info.movie.type_graphic}
          </span>
        </dd>
        <dt>Сеанс</dt>
        <dd>{formatSessionTime(info.start_time)}</dd>
        <dt>Зал</dt>
        <dd>{info.hall.name}</dd>
      </dl>

      <ul className={styles.seats} aria-label="Места">
        {seats.map((seat) => (
          <li key={seat}>
            <span>{seatLabel(seat)}</span>
            <span>{formatRoubles(info.price)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Итого за {seats.length} бил.</span>
        <span>{formatRoubles(total)}</span>
      </p>

      {remaining !== null && (
        <p className={styles.countdown} role="timer" aria-live="off">
          Места закреплены за вами ещё <strong>{formatRemaining(remaining)}</strong>
        </p>
      )}

      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <button
        type="button"
        className={styles.pay}
        disabled={buy.isPending || seats.length === 0 || expired}
        onClick={() => void pay()}
      >
        {buy.isPending ? 'Оплата...' : paymentProvider.actionLabel}
      </button>
      <p className={styles.muted}>{paymentProvider.note}</p>

      {expired && <ExpiredDialog sessionId={info.id} />}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      <h1 id="checkout-title">Оформление заказа</h1>
      {children}
    </section>
  );
}
