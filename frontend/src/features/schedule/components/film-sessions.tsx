import type { Session } from '@kino/backend/contract';
import { useState } from 'react';
import { useOpenSeatPopover } from '../../../shared/seats/seat-popover';
import { Section } from '../../../shared/ui/section';
import { defaultDate, isSessionPast, sessionDates } from '../lib/sessions';
import { useCinemaNow } from '../lib/use-cinema-now';
import { DatePicker } from './date-picker';
import { SessionTimes } from './session-times';
import styles from './film-sessions.module.css';

const FILM_SESSIONS_ANCHOR = 'sessions';

/** A film's sessions from today on, by date (the film page's "Сеансы", anchor #sessions). */
export function FilmSessions({ sessions }: { sessions: Session[] }) {
  const now = useCinemaNow();
  const today = now.slice(0, 10);
  const dates = sessionDates(sessions, today);
  const [chosen, setChosen] = useState<string>();
  const date = chosen && dates.includes(chosen) ? chosen : defaultDate(sessions, now);
  return (
    <Section id="film-sessions" anchor={FILM_SESSIONS_ANCHOR} title="Сеансы">
      {date ? (
        <>
          <DatePicker dates={dates} today={today} value={date} onChange={setChosen} label="Дата сеанса" />
          <SessionTimes
            sessions={sessions.filter((s) => s.start_time.startsWith(date))}
            now={now}
            label="Время сеанса"
          />
        </>
      ) : (
        <p className={styles.none}>Ближайших сеансов нет</p>
      )}
    </Section>
  );
}

/**
 * The film banner's buy button: the seat popover with the film's coming sessions to choose from,
 * the first session of the default date preselected.
 */
export function BuyTicketButton({ sessions, className }: { sessions: Session[]; className?: string }) {
  const now = useCinemaNow();
  const openSeats = useOpenSeatPopover();
  const coming = sessions
    .filter((s) => !isSessionPast(s, now))
    .toSorted((a, b) => a.start_time.localeCompare(b.start_time));
  // The earliest coming session is on the default date: today when it has one, else the first date.
  const first = coming[0];
  if (!first) {
    return (
      <button type="button" className={className} disabled>
        Нет сеансов
      </button>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        openSeats({ sessionId: first.id, choices: coming.map(({ id, start_time }) => ({ id, start_time })) })
      }
    >
      Купить билет
    </button>
  );
}
