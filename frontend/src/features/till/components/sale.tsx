/**
 * A sale at the counter: the session, its live hall (the website's map: seats held online show taken, and
 * the seats the till picks are held for the cashier, so they leave every open map at once), a ticket type
 * per seat, a promo code with the quote, then the payment; after it, the change and the tickets to print.
 * Keys: 1–6 pick that many best seats (the cashier's earlier pick given back), Enter pays, Esc starts over.
 */
import {
  formatRoubles,
  formatSessionTime,
  seatLabel,
  type PlanSeat,
  type SeatCode,
  type TillOrder,
  type TillOrderBody,
} from '@kino/backend/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useCheckoutQuote } from '../../../shared/seats/checkout-quote';
import { useSeatSession } from '../../../shared/seats/get-seat-session';
import { HallGrid } from '../../../shared/seats/hall-grid';
import { HallStatus } from '../../../shared/seats/hall-status';
import { zoneOfSeat } from '../../../shared/seats/hall-layout';
import { useHallPlan } from '../../../shared/seats/hall-plan';
import { linesOf, localQuote } from '../../../shared/seats/prices';
import { QuoteBreakdown, TicketLines } from '../../../shared/seats/ticket-lines';
import { useTicketTypes } from '../../../shared/seats/ticket-types';
import { SeatRefused, useSeatMap } from '../../../shared/seats/use-seat-map';
import { useTillSale } from '../api/sale';
import { tillFailure } from '../lib/failure';
import { isFreeForEnter, isTypingTarget, seatCountOfKey } from '../lib/keys';
import { saleRequest, type Payment } from '../lib/sale-request';
import type { TillSession } from '../lib/sessions';
import { useCan } from '../../../shared/auth/access';
import { isRegisterFailure } from '../lib/failure';
import { NoReceiptOverride } from './no-receipt-override';
import { PaymentForm } from './payment-form';
import { SaleResult } from './sale-result';
import { SessionChooser } from './session-chooser';
import styles from './till.module.css';

interface SaleProps {
  /** A shift is open: without one nothing is sold. */
  shiftOpen: boolean;
  /** A sale counted to the shift (the cash expected changed). */
  onSold(): void;
  /** The refund form, beside the payment. */
  refund: ReactNode;
}

export function Sale({ shiftOpen, onSold, refund }: SaleProps) {
  const [sessionId, setSessionId] = useState<number | null>(null);
  const seatMap = useSeatMap(sessionId);
  const session = useSeatSession(sessionId, seatMap.status);
  const plan = useHallPlan(session.data?.hall.id ?? null);
  const types = useTicketTypes();
  const sale = useTillSale();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<ReadonlySet<SeatCode>>(new Set());
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [sold, setSold] = useState<{ order: TillOrder; contact: string } | null>(null);
  /** The sale last sent: a manager may send it again without its receipt when the register refused it. */
  const [lastSale, setLastSale] = useState<TillOrderBody | null>(null);
  const can = useCan();
  /** Each new sale starts with a fresh payment form. */
  const [saleNo, setSaleNo] = useState(0);
  const [promoTyped, setPromoTyped] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const panel = useRef<HTMLHeadingElement>(null);

  const mine = seatMap.mine;
  const zones = plan.data ? zoneOfSeat(plan.data) : new Map<string, string>();
  const zoneNames = new Map(plan.data?.zones.map((z) => [z.code, z.name]));
  const lines = linesOf(mine, chosen, types.data ?? []);
  const local = session.data && plan.data && types.data ? localQuote(session.data, types.data, zones, lines) : null;
  const priced = useCheckoutQuote(sessionId, lines, local);
  const quote = priced.quote;
  const ready = shiftOpen && seatMap.status === 'ready' && plan.isSuccess && !sale.isPending;
  const failure = tillFailure(sale.error);
  const errors = { ...failure.fields, ...checked };

  function startOver() {
    setSold(null);
    setChosen({});
    setChecked({});
    setNotice('');
    setPromoTyped('');
    priced.remove();
    sale.reset();
    setSaleNo((n) => n + 1);
  }

  function changeSession(next: TillSession) {
    // The seats held in the other session go back to sale (as the website's popover does).
    void seatMap.releaseAll();
    setSessionId(next.id);
    startOver();
  }

  /** The cash field when paying cash, else the pay button: where the cashier goes once seats are chosen. */
  function focusPayment() {
    const target = form.current?.elements.namedItem('given') ?? form.current?.querySelector('button[type=submit]');
    (target as HTMLElement | null)?.focus();
  }

  /** Esc: the seats picked go back to sale, the sale starts over. */
  function clear() {
    void seatMap.releaseAll();
    startOver();
  }

  async function pickBest(count: number) {
    if (sold) startOver();
    if (!shiftOpen) return setNotice('Откройте смену, чтобы продавать билеты');
    if (!ready || picking) return;
    setPicking(true);
    setNotice('');
    try {
      if (seatMap.mine.length > 0) await seatMap.releaseAll();
      const seats = await seatMap.best(count);
      setNotice(`Выбраны места: ${seats.map(seatLabel).join('; ')}`);
      focusPayment();
    } catch (err) {
      if (!(err instanceof SeatRefused)) throw err;
      setNotice(err.message);
    } finally {
      setPicking(false);
    }
  }

  /** A seat, or a sofa's two seats together. */
  async function toggle(seat: PlanSeat) {
    if (sold) startOver();
    const codes = seat.pair ? [seat.code, seat.pair] : [seat.code];
    const releasing = seatMap.state.seats.get(seat.code) === 'mine';
    setPending((p) => new Set([...p, ...codes]));
    setNotice('');
    try {
      if (releasing) {
        for (const code of codes) if (seatMap.state.seats.get(code) === 'mine') await seatMap.release(code);
      } else await seatMap.hold(seat.code, seat.pair);
    } catch (err) {
      if (!(err instanceof SeatRefused)) throw err;
      setNotice(err.message);
    } finally {
      setPending((p) => new Set([...p].filter((code) => !codes.includes(code))));
    }
  }

  function pay(payment: Payment) {
    if (!shiftOpen || sessionId === null) return setNotice('Откройте смену, чтобы продавать билеты');
    if (lines.length === 0) return setChecked({ lines: 'Выберите места на схеме зала или нажмите 1–6' });
    if (!quote || priced.checking) return setChecked({ lines: 'Цена мест ещё считается. Подождите секунду' });
    const request = saleRequest(sessionId, lines, priced.applied, quote.total, payment);
    if (!request.ok) {
      setChecked(request.fields);
      const first = Object.keys(request.fields)[0];
      (form.current?.elements.namedItem(first ?? '') as HTMLElement | null)?.focus();
      return;
    }
    setChecked({});
    send(request.body);
  }

  /** Sends a sale (again with a manager's reason when the register refused it). */
  function send(body: TillOrderBody) {
    setLastSale(body);
    sale.mutate(
      { body },
      {
        onSuccess: (order) => {
          setSold({ order, contact: body.contact ?? '' });
          setNotice('');
          onSold();
        },
      },
    );
  }

  // The till's keys, wherever the focus is but in a field being typed in.
  const latest = useRef({ pickBest, startOver, clear, release: seatMap.releaseAll, sold, mine: mine.length });
  useEffect(() => {
    latest.current = { pickBest, startOver, clear, release: seatMap.releaseAll, sold, mine: mine.length };
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const till = latest.current;
      const count = seatCountOfKey(event);
      if (count !== null && !isTypingTarget(event.target)) {
        event.preventDefault();
        void till.pickBest(count);
      } else if (event.key === 'Enter' && !event.repeat && !till.sold && isFreeForEnter(event.target)) {
        event.preventDefault();
        form.current?.requestSubmit();
      } else if (event.key === 'Escape' && !isTypingTarget(event.target) && (till.sold || till.mine > 0)) {
        event.preventDefault();
        if (till.sold) till.startOver();
        else till.clear();
        panel.current?.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Leaving the till gives the seats picked and not sold back to sale.
  useEffect(() => {
    const till = latest;
    return () => void till.current.release();
  }, []);

  function applyPromo(event: FormEvent) {
    event.preventDefault();
    priced.apply(promoTyped);
  }

  const promoProblem =
    priced.promoError ??
    errors.promo_code ??
    (priced.failure ? (priced.failure.fields.promo_code ?? priced.failure.message) : null);

  return (
    <div className={styles.layout}>
      <div className={styles.hallSide}>
        <SessionChooser value={sessionId} onChange={changeSession} />
        {sessionId !== null && (
          <section className={styles.hallPanel} aria-labelledby="till-hall-title">
            <h2 id="till-hall-title" className={styles.panelTitle}>
              {session.data
                ? `${session.data.movie.title} · ${formatSessionTime(session.data.start_time)} · ${session.data.hall.name}`
                : 'Зал'}
            </h2>
            <ul className={styles.legend} aria-label="Обозначения">
              <li data-state="occupied">Занято</li>
              <li data-state="free">Свободно</li>
              <li data-state="selected">Выбрано</li>
            </ul>
            <HallStatus session={session} mapStatus={seatMap.status} plan={plan} next="Выберите другой">
              {plan.data && (
                <HallGrid
                  plan={plan.data}
                  seats={seatMap.state.seats}
                  pending={pending}
                  disabled={!ready || picking}
                  onToggle={(seat) => void toggle(seat)}
                />
              )}
            </HallStatus>
            <p className={styles.notice} aria-live="polite">
              {picking ? 'Подбираем места...' : notice}
            </p>
          </section>
        )}
      </div>

      <div className={styles.saleSide}>
        <section className={styles.salePanel} aria-labelledby="till-sale-title">
          <h2 id="till-sale-title" ref={panel} tabIndex={-1} className={styles.panelTitle}>
            Продажа
          </h2>
          {sold ? (
            <SaleResult
              order={sold.order}
              contact={sold.contact}
              onNew={() => {
                startOver();
                panel.current?.focus();
              }}
            />
          ) : !shiftOpen ? (
            <p className={styles.muted}>Откройте смену, чтобы продавать билеты.</p>
          ) : (
            <>
              {mine.length === 0 ? (
                <p className={styles.muted}>
                  Выберите места на схеме или нажмите <kbd>1</kbd>–<kbd>6</kbd>: столько лучших мест рядом.
                </p>
              ) : types.isError ? (
                <p role="alert">Не удалось загрузить типы билетов</p>
              ) : (
                <TicketLines
                  lines={lines}
                  quote={quote}
                  types={types.data ?? []}
                  zones={zones}
                  zoneNames={zoneNames}
                  onChoose={(seat, type) => setChosen((c) => ({ ...c, [seat]: type }))}
                  disabled={sale.isPending}
                  pending={priced.checking}
                />
              )}
              <form className={styles.promo} onSubmit={applyPromo} noValidate aria-label="Промокод">
                <label htmlFor="till-promo">Промокод</label>
                <input
                  id="till-promo"
                  className={styles.input}
                  value={promoTyped}
                  onChange={(event) => setPromoTyped(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby="till-promo-result"
                  aria-invalid={Boolean(promoProblem)}
                />
                <button type="submit" className={styles.secondary} disabled={!promoTyped.trim() || priced.checking}>
                  {priced.checking ? 'Проверяем...' : 'Применить'}
                </button>
                {priced.code && (
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => {
                      priced.remove();
                      setPromoTyped('');
                    }}
                  >
                    Убрать
                  </button>
                )}
                <p id="till-promo-result" className={promoProblem ? styles.error : styles.muted} aria-live="polite">
                  {promoProblem ??
                    (priced.applied && quote?.promo
                      ? `Промокод ${quote.promo.code}: скидка ${formatRoubles(quote.promo.discount)}`
                      : '')}
                </p>
              </form>
              {quote && mine.length > 0 && <QuoteBreakdown quote={quote} />}
              <p className={styles.total}>
                <span>Итого за {mine.length} бил.</span>
                <span data-testid="till-total">{quote && !priced.checking ? formatRoubles(quote.total) : '…'}</span>
              </p>
              {!quote && !priced.checking && mine.length > 0 && plan.data && types.data && (
                <p role="alert" className={styles.error}>
                  Цена этих мест не указана. Выберите другие места
                </p>
              )}
              <PaymentForm
                key={saleNo}
                formRef={form}
                total={quote && !priced.checking ? quote.total : null}
                seats={mine.length}
                pushkin={session.data?.pushkin ?? false}
                disabled={!shiftOpen}
                busy={sale.isPending}
                errors={errors}
                onPay={pay}
                onEdit={(field) => setChecked(({ [field]: _fixed, lines: _seats, ...rest }) => rest)}
              />
              <div aria-live="polite">
                {(failure.message || errors.lines) && (
                  <p role="alert" className={styles.error}>
                    {failure.message ?? errors.lines}
                  </p>
                )}
                {lastSale &&
                  isRegisterFailure(sale.error) &&
                  can('shifts', 'list') &&
                  lastSale.method !== 'link' &&
                  lastSale.method !== 'sbp' && (
                    <NoReceiptOverride
                      busy={sale.isPending}
                      onSell={(reason) => send({ ...lastSale, no_receipt_reason: reason })}
                    />
                  )}
              </div>
            </>
          )}
        </section>
        {refund}
      </div>
    </div>
  );
}
