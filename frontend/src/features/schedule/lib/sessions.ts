/**
 * The schedule's rules (docs/product.md §2). Session times are cinema wall-clock text
 * 'YYYY-MM-DD HH:mm:ss', so dates and times compare as plain strings.
 */
import type { ScheduleFilm, Session } from '@kino/backend/contract';

const dayOf = (cinemaTime: string) => cinemaTime.slice(0, 10);

/** Each date from `today` on that has one of the sessions, in order. */
export function sessionDates(sessions: readonly Pick<Session, 'start_time'>[], today: string): string[] {
  const dates = new Set(sessions.map((s) => dayOf(s.start_time)));
  return [...dates].filter((d) => d >= today).sort();
}

/** Every session of the bill. */
export const allSessions = (films: readonly ScheduleFilm[]): Session[] => films.flatMap((f) => f.schedule);

/**
 * The first date with a session still to come (late in the evening, when today's have all started,
 * the next day with sessions); the first date when none is to come; undefined when there is none.
 */
export function defaultDate(sessions: readonly Pick<Session, 'start_time'>[], now: string): string | undefined {
  const coming = sessions.filter((s) => !isSessionPast(s, now)).map((s) => dayOf(s.start_time));
  return coming.length ? coming.sort()[0] : sessionDates(sessions, now.slice(0, 10))[0];
}

/** The films showing on `date`, each with only that date's sessions, the earliest first showing first. */
export function filmsOn(films: readonly ScheduleFilm[], date: string): ScheduleFilm[] {
  return films
    .map((film) => ({ ...film, schedule: film.schedule.filter((s) => dayOf(s.start_time) === date) }))
    .filter((film) => film.schedule.length > 0)
    .sort((a, b) => a.schedule[0]!.start_time.localeCompare(b.schedule[0]!.start_time));
}

/** A session is past once its start time is reached (an earlier date, or today at or after its time). */
export const isSessionPast = (session: Pick<Session, 'start_time'>, now: string): boolean => session.start_time <= now;

/** The bill's accessibility filter: every session, or only those with subtitles, or with audio description. */
export type AccessFilter = 'all' | 'subtitles' | 'audio_description';

/** The films with only the sessions the filter keeps; a film left without any drops off. */
export function filmsWithAccess(films: readonly ScheduleFilm[], filter: AccessFilter): ScheduleFilm[] {
  if (filter === 'all') return [...films];
  return films
    .map((film) => ({ ...film, schedule: film.schedule.filter((s) => s[filter]) }))
    .filter((film) => film.schedule.length > 0);
}

/** A coming session with subtitles or audio description, with its film's title and running time. */
export interface AccessibleSession {
  session: Session;
  film: Pick<ScheduleFilm, 'id' | 'title' | 'time'>;
}

/** The sessions still to come with subtitles or audio description, earliest first (REGISTRIES.md §4.3). */
export function accessibleSessions(films: readonly ScheduleFilm[], now: string): AccessibleSession[] {
  return films
    .flatMap((film) =>
      film.schedule
        .filter((s) => (s.subtitles || s.audio_description) && !isSessionPast(s, now))
        .map((session) => ({ session, film: { id: film.id, title: film.title, time: film.time } })),
    )
    .sort((a, b) => a.session.start_time.localeCompare(b.session.start_time) || a.session.id - b.session.id);
}
