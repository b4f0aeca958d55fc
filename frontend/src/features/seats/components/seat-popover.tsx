/**
 * The seat popover (SPEC section 2): the session, the legend, the live hall, my seats with their
 * price, count and total, and 'ДАЛЕЕ' to the checkout. From the film page it also offers the
 * film's dates and times. Closing it (or changing the session) gives my seats back.
 */
import {
  cinemaNow,
  formatRoubles,
  formatSessionTime,
  seatLabel,
  SEAT_REFUSAL_MESSAGES,
  type SeatCode,
} from '@kino/backend/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { SessionChoice } from '../../../shared/seats/seat-popover';
import { useSeatSession } from '../api/get-seat-session';
import { formatRemaining, useCountdown } from '../api/use-countdown';
import { SeatRefused, useSeatMap } from '../api/use-seat-map';
import { HallGrid } from './hall-grid';
import { SessionPicker } from './session-picker';
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
  const session = useSeatSession(sessionId);
  const seatMap = useSeatMap(sessionId);
  const remaining = useCountdown(seatMap.state.deadline);
  const [notice, setNotice] = useState<SeatRefused | null>(null);
  const [pending, setPending] = useState<ReadonlySet<SeatCode>>(new Set());

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const started = session.data ? session.data.start_time <= cinemaNow() : false;
  const price = session.data?.price ?? 0;
  const mine = seatMap.mine;

  async function toggle(seat: SeatCode) {
    setPending((p) => new Set(p).add(seat));
    try {
      if (seatMap.state.seats.get(seat) === 'mine') await seatMap.release(seat);
      else await seatMap.hold(seat);
      setNotice(null);
    } catch (err) {
      if (!(err instanceof SeatRefused)) throw err;
      // SPEC: the seventh seat is refused with an alert.
      if (err.reason === 'limit') window.alert(SEAT_REFUSAL_MESSAGES.limit);
      else setNotice(err);
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(seat);
        return next;
      });
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

          <ul className={styles.legend} aria-label="Обозначения">
            <li data-state="occupied">Занято</li>
            <li data-state="free">Свободно</li>
            <li data-state="selected">Выбрано</li>
          </ul>

          {session.isError ? (
            <p role="alert">Не удалось загрузить сеанс. Попробуйте ещё раз</p>
          ) : seatMap.status === 'missing' ? (
            <p role="alert">Такого сеанса нет</p>
          ) : (
            <>
              {seatMap.status === 'connecting' && <p className={styles.status}>Загрузка зала...</p>}
              {seatMap.status === 'offline' && (
                <p className={styles.status} role="status">
                  Нет связи с сервером, переподключаемся...
                </p>
              )}
              {started && <p role="alert">Сеанс уже начался: билеты не продаются</p>}
              <HallGrid
                seats={seatMap.state.seats}
                pending={pending}
                disabled={seatMap.status !== 'ready' || started}
                onToggle={(seat) => void toggle(seat)}
              />
            </>
          )}

          <div aria-live="polite" className={styles.notice}>
            {notice?.reason === 'auth' ? (
              <p>
                Войдите, чтобы выбрать места. <Link to={paths.login}>Войти</Link>
              </p>
            ) : (
              notice && <p>{notice.message}</p>
            )}
          </div>
        </div>

        <section className={styles.summary} aria-label="Выбранные места">
          {mine.length === 0 ? (
            <p className={styles.muted}>Выберите места на схеме зала</p>
          ) : (
            <ul className={styles.selected}>
              {mine.map((seat) => (
                <li key={seat}>
                  <span>{seatLabel(seat)}</span>
                  <span>{formatRoubles(price)}</span>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.totals}>
            <span>Билетов: {mine.length}</span>
            <span>Итого: {formatRoubles(mine.length * price)}</span>
          </p>
          {remaining !== null && mine.length > 0 && (
            <p className={styles.muted}>Места закреплены за вами ещё {formatRemaining(remaining)}</p>
          )}
          <button
            type="button"
            className={styles.next}
            disabled={mine.length === 0}
            onClick={() => {
              onClose();
              void navigate(paths.checkout(sessionId));
            }}
          >
            ДАЛЕЕ
          </button>
        </section>
      </div>
    </dialog>
  );
}
