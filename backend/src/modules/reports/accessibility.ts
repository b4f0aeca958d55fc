/**
 * The weekly subtitles report (GET /api/reports/accessibility, REGISTRIES.md §4.3): each national film
 * (a Russian ПУ number, or Россия among its countries) with sessions in an ISO week, its sessions, its subtitled sessions and whether
 * one of those starts in the evening window, against Минкультуры's rule of two a week, one in the evening.
 */
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import {
  isNationalPu,
  isoWeekMonday,
  NATIONAL_PU_PATTERN,
  SUBTITLED_PER_WEEK,
  type AccessibilityFilm,
  type AccessibilityReport,
} from '../../contract/reports';
import { addDays, fromCinemaTime, toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';

/** The country whose films are national (as the catalogue names it). */
export const NATIONAL_COUNTRY = 'Россия';
/** The evening window's start times (cinema time). */
const EVENING = { from: '18:00', until: '22:00' } as const;

export async function loadAccessibilityReport(ctx: Pick<AppContext, 'db'>, week: string): Promise<AccessibilityReport> {
  const monday = isoWeekMonday(week)!;
  const { films, sessions, filmCountries, countries } = schema;
  const byCountry = sql`exists (select 1 from ${filmCountries} join ${countries} on ${countries.id} = ${filmCountries.countryId}
    where ${filmCountries.filmId} = ${films.id} and lower(${countries.name}) = lower(${NATIONAL_COUNTRY}))`;
  const byPu = sql`coalesce(${films.puNumber} ~ ${NATIONAL_PU_PATTERN.source}, false)`;
  const rows = await ctx.db
    .select({
      id: films.id,
      title: films.title,
      puNumber: films.puNumber,
      startTime: sessions.startTime,
      subtitles: sessions.subtitles,
    })
    .from(sessions)
    .innerJoin(films, eq(films.id, sessions.filmId))
    .where(
      and(
        gte(sessions.startTime, fromCinemaTime(`${monday} 00:00:00`)),
        lt(sessions.startTime, fromCinemaTime(`${addDays(monday, 7)} 00:00:00`)),
        isNull(sessions.cancelledAt),
        or(byPu, byCountry),
      ),
    )
    .orderBy(asc(films.title), asc(films.id), asc(sessions.startTime));

  const byFilm = new Map<number, AccessibilityFilm>();
  for (const row of rows) {
    const film = byFilm.get(row.id) ?? {
      id: row.id,
      title: row.title,
      pu_number: row.puNumber,
      national_by: isNationalPu(row.puNumber) ? 'pu' : 'country',
      sessions: 0,
      subtitled_sessions: 0,
      evening_subtitled: false,
      compliant: false,
    };
    film.sessions += 1;
    if (row.subtitles) {
      film.subtitled_sessions += 1;
      const time = toCinemaTime(row.startTime).slice(11, 16);
      if (time >= EVENING.from && time < EVENING.until) film.evening_subtitled = true;
    }
    film.compliant = film.subtitled_sessions >= SUBTITLED_PER_WEEK && film.evening_subtitled;
    byFilm.set(row.id, film);
  }
  const list = [...byFilm.values()];
  return { week, from: monday, to: addDays(monday, 6), films: list, compliant: list.every((f) => f.compliant) };
}
