import { addDays, type ScheduleFilm, type Session } from '@kino/backend/contract';
import { capitalize, formatDayMonth, formatTime } from '../../../shared/lib/format';
import { filmsOn, isSessionPast } from './sessions';

/** A date as a link preview says it: 'сегодня', 'завтра', '3 декабря'. */
function dayInWords(date: string, now: string): string {
  const today = now.slice(0, 10);
  return date === today ? 'сегодня' : date === addDays(today, 1) ? 'завтра' : formatDayMonth(date);
}

/** The sessions still to come, earliest first. */
const comingOf = (sessions: readonly Pick<Session, 'start_time'>[], now: string) =>
  sessions.filter((s) => !isSessionPast(s, now)).toSorted((a, b) => a.start_time.localeCompare(b.start_time));

/**
 * A film's next day of sessions in words, as a link preview shows it: 'сегодня в 19:30, 21:45',
 * 'завтра в 12:00', '3 декабря в 18:00'; undefined when no session is coming.
 */
export function nextShowings(sessions: readonly Session[], now: string): string | undefined {
  const coming = comingOf(sessions, now);
  const date = coming[0]?.start_time.slice(0, 10);
  if (!date) return undefined;
  const times = coming.filter((s) => s.start_time.startsWith(date)).map((s) => formatTime(s.start_time));
  return `${dayInWords(date, now)} в ${times.join(', ')}`;
}

/**
 * The bill's next day with sessions to come: its date and its films, each with that day's coming
 * sessions, the earliest first; undefined when no session is coming.
 */
export function nextBillDay(
  films: readonly ScheduleFilm[],
  now: string,
): { date: string; films: ScheduleFilm[] } | undefined {
  const coming = films.map((film) => ({ ...film, schedule: comingOf(film.schedule, now) as Session[] }));
  const date = coming.flatMap((film) => film.schedule.map((s) => s.start_time.slice(0, 10))).sort()[0];
  return date ? { date, films: filmsOn(coming, date) } : undefined;
}

/**
 * The bill's next day in words, for the home page's description: 'Сегодня в кино: Дюна (19:30, 21:45),
 * Лето в Перми (20:00)'; undefined when no session is coming.
 */
export function billInWords(films: readonly ScheduleFilm[], now: string): string | undefined {
  const day = nextBillDay(films, now);
  if (!day) return undefined;
  const showing = day.films.map(
    (film) => `${film.title} (${film.schedule.map((s) => formatTime(s.start_time)).join(', ')})`,
  );
  return `${capitalize(dayInWords(day.date, now))} в кино: ${showing.join(', ')}`;
}
