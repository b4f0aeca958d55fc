/**
 * Which session the till sells: the dates that have one to sell (today's first), then that date's sessions
 * by time, each a button with its time, film, age, format and hall. The first session to come is chosen
 * when the till opens.
 */
import { cinemaNow } from '@kino/backend/contract';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../../../shared/api/hooks';
import { formatDateChip, formatTime } from '../../../shared/lib/format';
import { QueryState } from '../../../shared/ui/query-state';
import { saleDates, sellableSessions, sessionsOn, type TillSession } from '../lib/sessions';
import styles from './till.module.css';

const TICK_MS = 30_000;

/** The cinema's clock, moving on, so a session leaves the list as it starts. */
function useNow() {
  const [now, setNow] = useState(cinemaNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(cinemaNow()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

interface SessionChooserProps {
  value: number | null;
  onChange(session: TillSession): void;
}

export function SessionChooser({ value, onChange }: SessionChooserProps) {
  const bill = useApiQuery('GET /schedules', undefined, { refetchInterval: 5 * 60_000 });
  const now = useNow();
  return (
    <section className={styles.sessions} aria-labelledby="till-sessions-title">
      <h2 id="till-sessions-title" className="visually-hidden">
        Сеанс
      </h2>
      <QueryState
        query={bill}
        loading="Загрузка сеансов..."
        error="Не удалось загрузить сеансы"
        empty="Сеансов в продаже нет"
        isEmpty={(films) => sellableSessions(films, now).length === 0}
      >
        {(films) => <Sessions sessions={sellableSessions(films, now)} value={value} onChange={onChange} />}
      </QueryState>
    </section>
  );
}

function Sessions({ sessions, value, onChange }: { sessions: TillSession[] } & SessionChooserProps) {
  const dates = saleDates(sessions);
  const chosen = sessions.find((s) => s.id === value);
  const [picked, setPicked] = useState<string>();
  const date = chosen?.start_time.slice(0, 10) ?? (picked && dates.includes(picked) ? picked : dates[0]!);
  const today = cinemaNow().slice(0, 10);
  const first = sessions[0];

  // The till opens on the first session to come; a chosen one that started gives way to the next.
  useEffect(() => {
    if (!chosen && first) onChange(first);
  }, [chosen, first, onChange]);

  return (
    <>
      <div className={styles.dates} role="group" aria-label="Дата сеанса">
        {dates.map((d) => (
          <button
            key={d}
            type="button"
            className={styles.chip}
            aria-pressed={d === date}
            onClick={() => {
              setPicked(d);
              const firstOfDay = sessionsOn(sessions, d)[0];
              if (firstOfDay && firstOfDay.id !== value) onChange(firstOfDay);
            }}
          >
            {formatDateChip(d, today)}
          </button>
        ))}
      </div>
      <ul className={styles.sessionList} aria-label="Сеансы">
        {sessionsOn(sessions, date).map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className={styles.session}
              aria-pressed={s.id === value}
              onClick={() => s.id !== value && onChange(s)}
            >
              <strong>{formatTime(s.start_time)}</strong> {s.title}{' '}
              <span className={styles.muted}>
                {s.age}+ · {s.format} · {s.hall}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
