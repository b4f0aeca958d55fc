/**
 * The coming sessions with subtitles or audio description (REGISTRIES.md §4.3: their start times and
 * duration are published on the cinema's site): start, film, duration, hall and what the session offers.
 */
import type { ScheduleFilm } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateChip, formatDuration, formatTime } from '../../../shared/lib/format';
import { AccessBadges } from '../../../shared/ui/access-badges';
import { QueryState } from '../../../shared/ui/query-state';
import { useSchedules } from '../api/schedules';
import { accessibleSessions } from '../lib/sessions';
import { useCinemaNow } from '../lib/use-cinema-now';
import styles from './accessible-sessions.module.css';

export function AccessibleSessions() {
  const schedules = useSchedules();
  const now = useCinemaNow();
  return (
    <QueryState
      query={schedules}
      loading="Загрузка сеансов..."
      error="Не удалось загрузить сеансы"
      empty="Ближайших сеансов с субтитрами или тифлокомментарием пока нет"
      isEmpty={(films) => accessibleSessions(films, now).length === 0}
    >
      {(films) => <AccessibleSessionsTable films={films} now={now} />}
    </QueryState>
  );
}

export function AccessibleSessionsTable({ films, now }: { films: ScheduleFilm[]; now: string }) {
  const today = now.slice(0, 10);
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">Сеансы с субтитрами и тифлокомментарием</caption>
        <thead>
          <tr>
            <th scope="col">Начало</th>
            <th scope="col">Фильм</th>
            <th scope="col">Длительность</th>
            <th scope="col">Зал</th>
            <th scope="col">Доступность</th>
          </tr>
        </thead>
        <tbody>
          {accessibleSessions(films, now).map(({ session, film }) => (
            <tr key={session.id}>
              <td>
                <Link to={paths.seats(session.id)}>
                  {`${formatDateChip(session.start_time.slice(0, 10), today)}, ${formatTime(session.start_time)}`}
                </Link>
              </td>
              <td>
                <Link to={paths.film(film.id)}>{film.title}</Link>
              </td>
              <td>{formatDuration(film.time)}</td>
              <td>{session.hall.name}</td>
              <td>
                <AccessBadges session={session} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
