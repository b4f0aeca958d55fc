import type { Session } from '@kino/backend/contract';
import { useCinema } from '../../../shared/cinema/use-cinema';
import { formatTime, shortHallName } from '../../../shared/lib/format';
import { useOpenSeatPopover } from '../../../shared/seats/seat-popover';
import { AccessBadges, accessLabels } from '../../../shared/ui/access-badges';
import { seatsLeft } from '../lib/seats-left';
import { isSessionPast } from '../lib/sessions';
import styles from './session-time-button.module.css';

interface SessionTimeButtonProps {
  session: Session;
  /** The cinema's current time (useCinemaNow). */
  now: string;
}

/**
 * A session's start time, price and hall, «С субтитрами» / «Тифлокомментарий», and «мало мест» / «распродано» from the live counts.
 * Disabled and greyed once the session has started. Choosing it opens the seat popover.
 */
export function SessionTimeButton({ session, now }: SessionTimeButtonProps) {
  const openSeats = useOpenSeatPopover();
  const cinema = useCinema()?.name;
  const past = isSessionPast(session, now);
  const time = formatTime(session.start_time);
  const fullness = past ? null : seatsLeft(session);
  // Its name is what it shows (WCAG 2.5.3), read with pauses: «19:30, 350 ₽, Зал 2, мало мест».
  const pause = <span className="visually-hidden">, </span>;
  return (
    <button type="button" className={styles.time} disabled={past} onClick={() => openSeats({ sessionId: session.id })}>
      <span className={styles.clock}>{time}</span>
      {pause}
      <span className={styles.price}>{`${session.price} ₽`}</span>
      {pause}
      <span className={styles.hall}>{shortHallName(session.hall.name, cinema)}</span>
      {accessLabels(session).length > 0 && (
        <>
          {pause}
          <AccessBadges session={session} className={styles.access} />
        </>
      )}
      {past && <span className="visually-hidden">, сеанс уже начался</span>}
      {fullness && (
        <>
          {pause}
          <span className={fullness === 'распродано' ? styles.soldOut : styles.few}>{fullness}</span>
        </>
      )}
    </button>
  );
}
