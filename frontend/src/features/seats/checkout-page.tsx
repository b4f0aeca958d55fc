/**
 * The checkout (SPEC leaves it open): the film, session, hall, my held seats with their ticket types
 * and prices, a promo code, the quote's discounts and the total, a live
 * countdown to the end of the hold (on the server's clock), a way back to change the seats, and
 * 'Оплатить'. Paying makes a pending order and leaves for the payment provider's page; this history
 * entry becomes the order's page, where the provider sends the buyer back and Back from its page
 * lands. Two minutes before the hold runs out a warning offers to extend it once; when it runs out a
 * dialog says so and offers to choose again. A total that changed on
 * the server (409 price_changed) is shown to the buyer, who pays it only by pressing 'Оплатить' again.
 */
import { formatRoubles, formatSessionTime } from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../shared/api/client';
import { invalidate, useQueryClient } from '../../shared/api/hooks';
import { formatRemaining, useServerCountdown } from '../../shared/lib/server-clock';
import { useCheckoutQuote } from '../../shared/seats/checkout-quote';
import { useSeatSession } from '../../shared/seats/get-seat-session';
import { useHallPlan } from '../../shared/seats/hall-plan';
import { orderInput, usePlaceOrder } from './api/place-order';
import { useTicketChoice } from './api/ticket-choice';
import { useTicketTypes } from '../../shared/seats/ticket-types';
import { useSeatMap } from '../../shared/seats/use-seat-map';
import { HoldWarning } from '../../shared/seats/hold-warning';
import { AdultGate } from './components/adult-gate';
import { ExpiredDialog } from './components/expired-dialog';
import { QuoteBreakdown, TicketLines } from '../../shared/seats/ticket-lines';
import { TextField } from '../../shared/ui/form';
import { ADULT_AGE, useAdultConfirmation } from './lib/adult-confirmation';
import { zoneOfSeat } from '../../shared/seats/hall-layout';
import { linesOf, localQuote, quoteOfConflict } from '../../shared/seats/prices';
import styles from './checkout-page.module.css';

const isCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;

/** What a refused order says (the hold's end has its own dialog). */
function failureOf(error: ApiError | null): string | null {
  // The new price is shown beside 'Оплатить' (see onError).
  if (!error || error.code === 'hold_expired' || error.code === 'price_changed') return null;
  if (error.code === 'seat_taken') return `${error.message}. Измените места и попробуйте снова`;
  return error.message;
}

export default function CheckoutPage() {
  const sessionId = Number(useParams().sessionId) || null;
  const session = useSeatSession(sessionId);
  const seatMap = useSeatMap(sessionId);
  const remaining = useServerCountdown(seatMap.state.deadline, seatMap.state.offset);
  const order = usePlaceOrder();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plan = useHallPlan(session.data?.hall.id ?? null);
  const types = useTicketTypes();
  const [chosen, choose] = useTicketChoice(sessionId);
  const lines = linesOf(seatMap.mine, chosen, types.data ?? []);
  const zones = plan.data ? zoneOfSeat(plan.data) : new Map<string, string>();
  const local = session.data && plan.data && types.data ? localQuote(session.data, types.data, zones, lines) : null;
  const priced = useCheckoutQuote(sessionId, lines, local);
  const [typed, setTyped] = useState('');
  // The Pushkin card (a film in the programme, one seat): the holder's name and phone, as in Госуслуги.Культура.
  const [pushkin, setPushkin] = useState<{ on: boolean; full_name: string; phone: string }>({
    on: false,
    full_name: '',
    phone: '',
  });
  const [adultConfirmed, confirmAdult] = useAdultConfirmation();

  if (!seatMap.signedIn) {
    return (
      <Shell>
        <p>
          Войдите, чтобы оформить покупку. <Link to={paths.login}>Войти</Link>
        </p>
      </Shell>
    );
  }
  if (session.isPending || seatMap.status === 'connecting' || plan.isPending || types.isPending)
    return <Shell>Загрузка заказа...</Shell>;
  if (plan.isError || types.isError) {
    return (
      <Shell>
        <p role="alert">Не удалось загрузить цены. Обновите страницу</p>
      </Shell>
    );
  }
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
  // A link straight to the checkout of an 18+ film asks what the hall asks first (the tab may not have).
  if (info.movie.age >= ADULT_AGE && !adultConfirmed) {
    return (
      <Shell>
        <AdultGate
          title={info.movie.title}
          onConfirm={confirmAdult}
          onCancel={() => void navigate(paths.film(info.movie.id))}
        />
      </Shell>
    );
  }
  const seats = seatMap.mine;
  const { quote, conflict } = priced;
  const zoneNames = new Map(plan.data.zones.map((z) => [z.code, z.name]));
  // Once the order is made its seats are no longer held, and the page is on its way to the provider.
  const leaving = order.isSuccess;
  const expired =
    !leaving &&
    ((remaining === 0 && seats.length > 0) ||
      isCode(order.error, 'hold_expired') ||
      (seatMap.status === 'ready' && seats.length === 0 && order.isIdle));
  const failure = failureOf(order.error);
  const pushkinOffered = info.pushkin && seats.length === 1;
  const fieldErrors = order.error instanceof ApiError ? order.error.fields : {};

  function pay() {
    if (!quote) return;
    const price = conflict?.price ?? info.price;
    // After a 409 the code goes only if the new quote still applies it (it may have run out meanwhile).
    const promoCode = (conflict ? conflict.quote?.promo?.code : priced.applied) || undefined;
    const holder = pushkinOffered && pushkin.on ? { full_name: pushkin.full_name, phone: pushkin.phone } : undefined;
    order.mutate(orderInput({ session: { ...info, price }, lines, promoCode, total: quote.total, pushkin: holder }), {
      onError: (error) => {
        if (error.code !== 'price_changed') return;
        // Never charged silently: the new quote is shown, and paying it takes another press.
        const details = error.details as { price?: unknown } | undefined;
        priced.onConflict(quoteOfConflict(error.details), typeof details?.price === 'number' ? details.price : null);
        void invalidate(queryClient, 'GET /seats/:sessionId');
      },
      onSuccess: (placed) => {
        // The checkout's history entry becomes the order's page before the browser leaves for the provider.
        void navigate(paths.order(placed.id), { replace: true });
        if (placed.confirmation_url) window.location.assign(placed.confirmation_url);
      },
    });
  }

  const promoProblem =
    priced.promoError ?? (priced.failure ? (priced.failure.fields.promo_code ?? priced.failure.message) : null);

  function applyPromo(event: FormEvent) {
    event.preventDefault();
    order.reset();
    priced.apply(typed);
  }

  function removePromo() {
    order.reset();
    priced.remove();
    setTyped('');
  }

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

      <div className={styles.seats}>
        <TicketLines
          lines={lines}
          quote={quote}
          types={types.data}
          zones={zones}
          zoneNames={zoneNames}
          onChoose={choose}
          disabled={order.isPending || leaving}
          pending={priced.checking}
        />
      </div>

      <form className={styles.promo} onSubmit={applyPromo} noValidate>
        <label htmlFor="promo-code">Промокод</label>
        <div className={styles.promoRow}>
          <input
            id="promo-code"
            className={styles.promoInput}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="promo-result"
            aria-invalid={Boolean(promoProblem)}
            disabled={order.isPending || leaving}
          />
          <button type="submit" className={styles.apply} disabled={!typed.trim() || priced.checking || order.isPending}>
            {priced.checking ? 'Проверяем...' : 'Применить'}
          </button>
          {priced.code && (
            <button type="button" className={styles.removePromo} onClick={removePromo} disabled={order.isPending}>
              Убрать
            </button>
          )}
        </div>
        <p id="promo-result" className={promoProblem ? styles.error : styles.muted} aria-live="polite">
          {promoProblem ??
            (priced.applied && quote?.promo
              ? `Промокод ${quote.promo.code}: скидка ${formatRoubles(quote.promo.discount)}`
              : '')}
        </p>
      </form>

      {quote && <QuoteBreakdown quote={quote} />}
      <p className={styles.total}>
        <span>Итого за {seats.length} бил.</span>
        <span>{quote && !priced.checking ? formatRoubles(quote.total) : '…'}</span>
      </p>
      {!quote && !priced.checking && seats.length > 0 && (
        <p role="alert" className={styles.error}>
          Цена этих мест не указана. Измените места
        </p>
      )}
      {order.error?.code === 'price_changed' && (
        <p role="alert" className={styles.changed}>
          {conflict?.quote?.promo_error
            ? `${conflict.quote.promo_error}. Итого без промокода: ${formatRoubles(conflict.quote.total)}`
            : `Цена изменилась${conflict?.quote ? `: теперь ${formatRoubles(conflict.quote.total)}` : ''}`}
          . Проверьте сумму и нажмите «Оплатить» ещё раз
        </p>
      )}

      {remaining !== null && seats.length > 0 && (
        <p className={styles.countdown} role="timer" aria-live="off">
          Места закреплены за вами ещё <strong>{formatRemaining(remaining)}</strong>
        </p>
      )}
      {!leaving && (
        <HoldWarning
          remaining={remaining}
          holding={seats.length > 0}
          extended={seatMap.state.extended}
          onExtend={seatMap.extend}
        />
      )}

      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {info.pushkin && (
        <fieldset className={styles.pushkin}>
          <legend>Пушкинская карта</legend>
          {pushkinOffered ? (
            <>
              <label>
                <input
                  type="checkbox"
                  name="pushkin"
                  checked={pushkin.on}
                  onChange={(event) => setPushkin((p) => ({ ...p, on: event.target.checked }))}
                />{' '}
                Оплатить Пушкинской картой
              </label>
              {pushkin.on && (
                <>
                  <p className={styles.muted}>
                    Билет именной: ФИО и телефон — как в профиле Госуслуги.Культура; на входе покажите документ.
                  </p>
                  <TextField
                    label="ФИО владельца карты"
                    name="visitor_full_name"
                    autoComplete="name"
                    value={pushkin.full_name}
                    onChange={(event) => setPushkin((p) => ({ ...p, full_name: event.target.value }))}
                    error={fieldErrors['visitor.full_name'] ?? fieldErrors.visitor}
                  />
                  <TextField
                    label="Телефон владельца карты"
                    name="visitor_phone"
                    type="tel"
                    autoComplete="tel"
                    placeholder="+7 916 123-45-67"
                    value={pushkin.phone}
                    onChange={(event) => setPushkin((p) => ({ ...p, phone: event.target.value }))}
                    error={fieldErrors['visitor.phone']}
                  />
                </>
              )}
            </>
          ) : (
            <p className={styles.muted}>По Пушкинской карте — один билет: выберите одно место.</p>
          )}
        </fieldset>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.pay}
          disabled={
            order.isPending ||
            leaving ||
            seats.length === 0 ||
            expired ||
            !quote ||
            priced.checking ||
            session.isFetching
          }
          aria-busy={order.isPending || leaving}
          onClick={pay}
        >
          {order.isPending
            ? 'Оформляем заказ...'
            : leaving
              ? 'Переходим к оплате...'
              : pushkinOffered && pushkin.on
                ? 'Оплатить Пушкинской картой'
                : 'Оплатить'}
        </button>
        {/* The seats stay mine on the way back: the hall shows them selected, with the same countdown. */}
        <Link className={styles.change} to={paths.seats(info.id)}>
          Изменить места
        </Link>
      </div>
      <p className={styles.muted}>
        Оплата — на странице платёжного сервиса. Билеты появятся, как только он подтвердит оплату.
      </p>

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
