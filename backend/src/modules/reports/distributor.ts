/**
 * The distributor's report (GET /api/reports/distributor): one film's distribution week, Thursday to
 * Wednesday as Russian distribution weeks run, day by day: its sessions, the tickets kept and their sum.
 * The same figures as the sales table by day (sales.ts), narrowed to the film.
 */
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { DistributorFilm, DistributorReport, DistributorReportQuery } from '../../contract/reports';
import { addDays, fromCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import { salesFigures, type SalesFigures } from './sales';

const kept = (f: SalesFigures) => ({
  sessions: f.sessions,
  tickets: f.tickets - f.refunds,
  gross: roublesOf(f.grossKopecks - f.refundsKopecks),
});

export async function loadDistributorReport(
  ctx: Pick<AppContext, 'db'>,
  query: Pick<DistributorReportQuery, 'film_id' | 'week'>,
): Promise<DistributorReport> {
  const film = await ctx.db.query.films.findFirst({
    where: eq(schema.films.id, query.film_id),
    columns: { id: true, title: true, puNumber: true },
  });
  if (!film) throw notFound('Фильм не найден');
  const { rows, total } = await salesFigures(ctx, {
    from: query.week,
    to: addDays(query.week, 6),
    by: 'day',
    filmId: film.id,
  });
  return {
    film: { id: film.id, title: film.title, pu_number: film.puNumber },
    week: query.week,
    days: rows.map((row) => ({ date: row.key, ...kept(row) })),
    total: kept(total),
  };
}

/** The films with a session (not cancelled) in the week, by title: the ones a distributor's report is made for. */
export async function loadWeekFilms(ctx: Pick<AppContext, 'db'>, week: string): Promise<DistributorFilm[]> {
  const { films, sessions } = schema;
  const rows = await ctx.db
    .selectDistinct({ id: films.id, title: films.title, pu_number: films.puNumber })
    .from(films)
    .innerJoin(sessions, eq(sessions.filmId, films.id))
    .where(
      and(
        gte(sessions.startTime, fromCinemaTime(`${week} 00:00:00`)),
        lt(sessions.startTime, fromCinemaTime(`${addDays(week, 7)} 00:00:00`)),
        isNull(sessions.cancelledAt),
      ),
    )
    .orderBy(asc(films.title), asc(films.id));
  return rows;
}
