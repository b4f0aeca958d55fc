/**
 * The seat popover (docs/product.md §2): the session, the legend, the live hall, my seats with their
 * price, count and total, and 'ДАЛЕЕ' to the checkout. From the film page it also offers the
 * film's dates and times. Closing it (or changing the session) gives my seats back. Two minutes
 * before my holds end it warns and offers to extend them once; a wheelchair space chosen offers the
 * companion's seat beside it.
 */
import {
  cinemaNow,
  formatRoubles,
  formatSessionTime,
  seatLabel,
  SEAT_REFUSAL_MESSAGES,
  type HallPlan,
  type PlanSeat,
  type SeatCode,
  type SeatSessionView,
} from '@kino/backend/contract';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatRemaining, useServerCountdown } from '../../../shared/lib/server-clock';
import type { SessionChoice } from '../../../shared/seats/seat-popover';
import { useSeatSession } from '../../../shared/seats/get-seat-session';
import { useHallPlan } from '../../../shared/seats/hall-plan';
import { useTicketChoice } from '../api/ticket-choice';
import { useTicketTypes } from '../../../shared/seats/ticket-types';
import { SeatRefused, useSeatMap } from '../../../shared/seats/use-seat-map';
import { HoldWarning } from '../../../shared/seats/hold-warning';
import { companionOf } from '../../../shared/seats/hall-layout';
import { hasZones, zoneOfSeat } from '../../../shared/seats/hall-layout';
import { linesOf, localQuote, zonePrice } from '../../../shared/seats/prices';
import { ADULT_AGE, useAdultConfirmation } from '../lib/adult-confirmation';
import { AdultGate } from './adult-gate';
import { BestSeats } from './best-seats';
import { HallGrid } from '../../../shared/seats/hall-grid';
import { HallStatus } from '../../../shared/seats/hall-status';
import { SessionPicker } from './session-picker';
import { QuoteBreakdown, TicketLines } from '../../../shared/seats/ticket-lines';
import { AccessBadges } from '../../../shared/ui/access-badges';
import dialogStyles from './dialog.module.css';
import styles from './seat-popover.module.css';

interface SeatPopoverProps {
  sessionId: number;
  choices?: SessionChoice[];
  onSessionChange(sessionId: number): void;
  onClose(): void;
}

export default function SeatPopover({ sessionId, choices, onSessionChange, onClose }: SeatPopoverProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const seatMap = useSeatMap(sessionId);
  const session = useSeatSession(sessionId, seatMap.status);
  const remaining = useServerCountdown(seatMap.state.deadline, seatMap.state.offset);
  const [notice, setNotice] = useState<SeatRefused | null>(null);
  const [pending, setPending] = useState<ReadonlySet<SeatCode>>(new Set());

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const plan = useHallPlan(session.data?.hall.id ?? null);
  const types = useTicketTypes();
  const [chosen, choose] = useTicketChoice(sessionId);
  const [adultConfirmed, confirmAdult] = useAdultConfirmation();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  /** The companion's seat beside a wheelchair space just chosen, offered until taken or dismissed. */
  const [companion, setCompanion] = useState<PlanSeat | null>(null);

  const started = session.data ? session.data.start_time <= cinemaNow() : false;
  const mine = seatMap.mine;
  const zones = plan.data ? zoneOfSeat(plan.data) : new Map<string, string>();
  const zoneNames = new Map(plan.data?.zones.map((z) => [z.code, z.name]));
  const lines = linesOf(mine, chosen, types.data ?? []);
  const quote = session.data && plan.data && types.data ? localQuote(session.data, types.data, zones, lines) : null;
  const ready = seatMap.status === 'ready' && !started && plan.isSuccess;

  function refused(err: unknown) {
    if (!(err instanceof SeatRefused)) throw err;
    // A seat beyond MAX_SEATS_PER_PURCHASE is refused with an alert (docs/product.md §5).
    if (err.reason === 'limit') window.alert(SEAT_REFUSAL_MESSAGES.limit);
    else setNotice(err);
  }

  /** A seat, or a sofa's two seats together. */
  async function toggle(seat: PlanSeat) {
    const codes = seat.pair ? [seat.code, seat.pair] : [seat.code];
    const releasing = seatMap.state.seats.get(seat.code) === 'mine';
    setPending((p) => new Set([...p, ...codes]));
    setPicked('');
    setCompanion(null);
    try {
      if (releasing) {
        for (const code of codes) if (seatMap.state.seats.get(code) === 'mine') await seatMap.release(code);
      } else {
        // A sofa is held whole by the server; releasing gives back each of its seats.
        await seatMap.hold(seat.code, seat.pair);
        const beside = plan.data && seat.wheelchair ? companionOf(plan.data, seat) : undefined;
        if (beside && !seatMap.state.seats.has(beside.code)) setCompanion(beside);
      }
      setNotice(null);
    } catch (err) {
      refused(err);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        for (const code of codes) next.delete(code);
        return next;
      });
    }
  }

  async function pickBest(count: number) {
    setPicking(true);
    setPicked('');
    try {
      const seats = await seatMap.best(count);
      setNotice(null);
      setPicked(`Выбраны места: ${seats.map(seatLabel).join('; ')}`);
    } catch (err) {
      refused(err);
    } finally {
      setPicking(false);
    }
  }

  function close() {
    void seatMap.releaseAll();
    onClose();
  }

  function changeSession(next: number) {
    if (next === sessionId) return;
    void seatMap.releaseAll();
    setNotice(null);
    onSessionChange(next);
  }

  return (
    <dialog
      ref={dialog}
      className={`${dialogStyles.dialog} ${styles.popover}`}
      aria-labelledby="seat-popover-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      {session.data && session.data.movie.age >= ADULT_AGE && !adultConfirmed ? (
        <AdultGate title={session.data.movie.title} onConfirm={confirmAdult} onCancel={close} />
      ) : (
        <div className={styles.body}>
          <header className={styles.header}>
            <div>
              <h2 id="seat-popover-title" className={styles.title}>
                {session.data?.movie.title ?? 'Выбор мест'}
              </h2>
              {session.data && (
                <p className={styles.facts}>
                  <span>{session.data.movie.type_graphic}</span>
                  <span>{session.data.movie.age}+</span>
                  <span>{session.data.hall.name}</span>
                  <span>{formatSessionTime(session.data.start_time)}</span>
                  <AccessBadges session={session.data} />
                </p>
              )}
            </div>
            <button type="button" className={styles.close} aria-label="Закрыть" onClick={close}>
              ×
            </button>
          </header>

          <div className={styles.stage}>
            {choices && choices.length > 0 && (
              <SessionPicker choices={choices} sessionId={sessionId} onChange={changeSession} />
            )}

            <div className={styles.toolbar}>
              <Legend plan={plan.data} session={session.data} />
              {plan.data && !session.isError && seatMap.status !== 'missing' && (
                <BestSeats disabled={!ready} busy={picking} onPick={(count) => void pickBest(count)} />
              )}
            </div>

            <HallStatus session={session} mapStatus={seatMap.status} plan={plan} retryHint="Попробуйте ещё раз">
              {started && <p role="alert">Сеанс уже начался: билеты не продаются</p>}
              {plan.data && (
                <HallGrid
                  plan={plan.data}
                  seats={seatMap.state.seats}
                  pending={pending}
                  disabled={!ready}
                  onToggle={(seat) => void toggle(seat)}
                />
              )}
            </HallStatus>

            <div aria-live="polite" className={styles.notice}>
              {notice?.reason === 'auth' ? (
                <p>
                  Войдите, чтобы выбрать места. <Link to={paths.login}>Войти</Link>
                </p>
              ) : notice?.reason === 'held_back' && session.data?.wheelchair_sale_from ? (
                <p>{`Места для зрителей на коляске поступят в продажу ${formatSessionTime(session.data.wheelchair_sale_from)}. Сейчас их можно купить в кассе кинотеатра`}</p>
              ) : (
                (notice && <p>{notice.message}</p>) || (picked && <p className={styles.picked}>{picked}</p>)
              )}
              {companion && !notice && (
                <div className={styles.companion}>
                  <p className={styles.picked}>Рядом — место для сопровождающего: {seatLabel(companion.code)}.</p>
                  <button type="button" className={styles.companionButton} onClick={() => void toggle(companion)}>
                    Добавить место сопровождающего
                  </button>
                </div>
              )}
            </div>
          </div>

          <section className={styles.summary} aria-label="Выбранные места">
            {mine.length === 0 ? (
              <p className={styles.muted}>Выберите места на схеме зала</p>
            ) : types.isError ? (
              <p role="alert">Не удалось загрузить типы билетов</p>
            ) : (
              <TicketLines
                lines={lines}
                quote={quote}
                types={types.data ?? []}
                zones={zones}
                zoneNames={zoneNames}
                onChoose={choose}
              />
            )}
            {quote && mine.length > 0 && <QuoteBreakdown quote={quote} />}
            {!quote && mine.length > 0 && session.data && plan.data && types.data && (
              <p role="alert">Цена этих мест не указана. Выберите другие места</p>
            )}
            <p className={styles.totals}>
              <span>Билетов: {mine.length}</span>
              <span>Итого: {quote || mine.length === 0 ? formatRoubles(quote?.total ?? 0) : '…'}</span>
            </p>
            {remaining !== null && mine.length > 0 && (
              <p className={styles.muted}>Места закреплены за вами ещё {formatRemaining(remaining)}</p>
            )}
            <HoldWarning
              remaining={remaining}
              holding={mine.length > 0}
              extended={seatMap.state.extended}
              onExtend={seatMap.extend}
            />
            <button
              type="button"
              className={styles.next}
              disabled={mine.length === 0 || !quote}
              // The popover stays in the history (its address has ?seats=): Back from the checkout
              // shows the hall again with my seats still mine, rather than a page where they are invisible.
              onClick={() => void navigate(paths.checkout(sessionId))}
            >
              ДАЛЕЕ
            </button>
          </section>
        </div>
      )}
    </dialog>
  );
}

/** SPEC's state colours, then (in a hall with more than the standard zone) each zone's ring and price. */
function Legend({ plan, session }: { plan: HallPlan | undefined; session: SeatSessionView | undefined }) {
  const zoned = plan && hasZones(plan);
  const used = new Set(plan?.seats.map((s) => s.zone));
  return (
    <ul className={styles.legend} aria-label="Обозначения">
      <li data-state="occupied">Занято</li>
      <li data-state="free">Свободно</li>
      <li data-state="selected">Выбрано</li>
      {zoned &&
        plan.zones
          .filter((zone) => used.has(zone.code))
          .map((zone) => {
            const price = session ? zonePrice(session.prices, zone.code) : null;
            return (
              // Standard seats wear no ring (SPEC's hall looks as SPEC has it): nor does their swatch.
              <li
                key={zone.code}
                data-zone={zone.code === 'standard' ? 'plain' : 'ringed'}
                style={{ '--zone': zone.color } as CSSProperties}
              >
                {zone.name}
                {price !== null && (
                  <span className={styles.zonePrice}>
                    {' '}
                    {zone.seats_per_unit > 1 ? `${formatRoubles(price)} за место` : formatRoubles(price)}
                  </span>
                )}
              </li>
            );
          })}
      {plan?.seats.some((s) => s.wheelchair) && (
        <li data-icon>
          <span aria-hidden="true">♿ </span>Место для зрителя на коляске
        </li>
      )}
    </ul>
  );
}
