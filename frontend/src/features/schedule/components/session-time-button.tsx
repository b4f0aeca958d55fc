import type { Session } from '@kino/backend/contract';
import { formatTime } from '../../../shared/lib/format';
import { useOpenSeatPopover } from '../../../shared/seats/seat-popover';
import { isSessionPast } from '../lib/sessions';
import styles from './session-time-button.module.css';

interface SessionTimeButtonProps {
  session: Session;
  /** The cinema's current time (useCinemaNow). */
  now: string;
}

/** A session's start time. Disabled and greyed once the session has started. Choosing it opens the seat popover. */
export function SessionTimeButton({ session, now }: SessionTimeButtonProps) {
  const openSeats = useOpenSeatPopover();
  const past = isSessionPast(session, now);
  const time = formatTime(session.start_time);
  return (
    <button
      type="button"
      className={styles.time}
      disabled={past}
      aria-label={`${time}, ${session.hall.name}, ${session.price} ₽${past ? ', сеанс уже начался' : ''}`}
      onClick={() => openSeats({ sessionId: session.id })}
    >
      <span className={styles.clock}>{time}</span>
      <span className={styles.price}>{session.price} ₽</span>
    </button>
  );
}
