/** The bill: sessions from the start of the cinema's today on, grouped by film. */
import type { ScheduleFilm } from '../../contract/schedules';
import { fromCinemaTime, toCinemaDate } from '../../contract/time';
import type { AppContext } from '../../context';
import { type schema } from '../../db';
import { withFilmGenres } from '../genres/presenter';
import { occupiesSeatSql } from '../tickets/state';
import { presentScheduleFilm } from './presenter';

/** The instant the cinema's current day began: today's earlier sessions stay listed (as past). */
export const startOfCinemaToday = (now: Date): Date => fromCinemaTime(`${toCinemaDate(now)} 00:00:00`);

/** A session's hall and taken seats (sold, or in an order being paid), as presentSession needs them. */
export const withSessionDetails = {
  hall: true,
  tickets: {
    columns: { sessionId: true, seatNumber: true },
    where: (t: { status: typeof schema.tickets.status }) => occupiesSeatSql(t.status),
  },
} as const;

/** Films that have sessions from today on, each with those sessions; films in order of their first session. */
export async function loadSchedules(ctx: Pick<AppContext, 'db'>, now: Date): Promise<ScheduleFilm[]> {
  const sessions = await ctx.db.query.sessions.findMany({
    where: (s, { and, gte, isNull }) => and(gte(s.startTime, startOfCinemaToday(now)), isNull(s.cancelledAt)),
    orderBy: (s, { asc }) => [asc(s.startTime), asc(s.id)],
    with: { ...withSessionDetails, film: { with: withFilmGenres } },
  });
  const byFilm = new Map<number, typeof sessions>();
  for (const session of sessions) {
    const list = byFilm.get(session.filmId) ?? [];
    list.push(session);
    byFilm.set(session.filmId, list);
  }
  return [...byFilm.values()].map((list) => presentScheduleFilm(list[0]!.film, list));
}
