/**
 * The sessions the till can sell (GET /api/schedules, the bill): those not yet started, by date and time,
 * each with its film and hall. Times are cinema wall-clock text, so they compare as strings.
 */
import type { ScheduleFilm } from '@kino/backend/contract';

export interface TillSession {
  id: number;
  /** Cinema wall-clock 'YYYY-MM-DD HH:mm:ss'. */
  start_time: string;
  title: string;
  age: number;
  format: string;
  hall: string;
}

/** Every session still to come, earliest first. */
export function sellableSessions(films: readonly ScheduleFilm[], now: string): TillSession[] {
  return films
    .flatMap((film) =>
      film.schedule
        .filter((s) => s.start_time > now)
        .map((s) => ({
          id: s.id,
          start_time: s.start_time,
          title: film.title,
          age: film.age,
          format: film.type_graphic,
          hall: s.hall.name,
        })),
    )
    .sort((a, b) => a.start_time.localeCompare(b.start_time) || a.id - b.id);
}

/** The dates that have a session to sell, in order: today's first when it has one. */
export const saleDates = (sessions: readonly TillSession[]): string[] => [
  ...new Set(sessions.map((s) => s.start_time.slice(0, 10))),
];

export const sessionsOn = (sessions: readonly TillSession[], date: string): TillSession[] =>
  sessions.filter((s) => s.start_time.startsWith(date));
