import type { Session } from '@kino/backend/contract';
import { SessionTimeButton } from './session-time-button';
import styles from './session-times.module.css';

/** A row of start-time buttons. */
export function SessionTimes({ sessions, now, label }: { sessions: Session[]; now: string; label: string }) {
  return (
    <ul className={styles.times} aria-label={label}>
      {sessions.map((session) => (
        <li key={session.id}>
          <SessionTimeButton session={session} now={now} />
        </li>
      ))}
    </ul>
  );
}
