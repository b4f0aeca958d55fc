/**
 * How reporting to ЕАИС stands, for the staff dashboard (GET /api/dashboard/eais): the sessions whose last
 * delivery failed or got no reply (with the error and when) and those with a sale or refund undelivered past
 * EAIS_DEADLINE_MINUTES, whatever the reason (the worker down, the job stuck). Counted from the delivery ledger's
 * undelivered rows on each ask.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import {
  EAIS_DEADLINE_MINUTES,
  EAIS_PROBLEMS_SHOWN,
  type DashboardEais,
  type EaisProblem,
} from '../../contract/dashboard';
import type { EaisReportStatus } from '../../contract/constants';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';

const { sessions, films, halls, eaisReports, eaisLedger } = schema;

/**
 * A delivery file's states (EAIS_REPORT_STATUSES), named once: formed and sent until ЕАИС answers (waiting; a
 * lost reply leaves it so), accepted, refused (sent again as the same file).
 */
export const EAIS_FILE = {
  waiting: 'pending',
  accepted: 'delivered',
  refused: 'failed',
} as const satisfies Record<string, EaisReportStatus>;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function loadEaisState(ctx: Pick<AppContext, 'db'>, now: Date): Promise<DashboardEais> {
  const [waiting, [last]] = await Promise.all([
    ctx.db
      .select({
        sessionId: eaisLedger.sessionId,
        lines: sql<number>`count(*)`.mapWith(Number),
        // When the oldest of them happened (sold or refunded).
        since: sql<Date | string>`min(${eaisLedger.occurredAt})`,
      })
      .from(eaisLedger)
      .where(isNull(eaisLedger.deliveredAt))
      .groupBy(eaisLedger.sessionId),
    ctx.db
      .select({ at: max(eaisReports.deliveredAt) })
      .from(eaisReports)
      .where(isNotNull(eaisReports.deliveredAt)),
  ]);
  const ids = waiting.map((w) => w.sessionId);
  const [latest, about] = ids.length
    ? await Promise.all([
        // Each of those sessions' last delivery attempt.
        ctx.db
          .selectDistinctOn([eaisReports.sessionId], {
            sessionId: eaisReports.sessionId,
            status: eaisReports.status,
            error: eaisReports.error,
            attempts: eaisReports.attempts,
            at: eaisReports.lastAttemptAt,
          })
          .from(eaisReports)
          .where(and(inArray(eaisReports.sessionId, ids), gt(eaisReports.attempts, 0)))
          .orderBy(eaisReports.sessionId, desc(eaisReports.lastAttemptAt), desc(eaisReports.id)),
        ctx.db
          .select({ id: sessions.id, title: films.title, start: sessions.startTime, hall: halls.name })
          .from(sessions)
          .innerJoin(films, eq(films.id, sessions.filmId))
          .innerJoin(halls, eq(halls.id, sessions.hallId))
          .where(inArray(sessions.id, ids)),
      ])
    : [[], []];

  const deadline = now.getTime() - EAIS_DEADLINE_MINUTES * 60_000;
  const lastOf = new Map(latest.map((r) => [r.sessionId, r]));
  const sessionOf = new Map(about.map((s) => [s.id, s]));
  const problems: EaisProblem[] = [];
  for (const w of waiting) {
    const since = asDate(w.since);
    const lastTry = lastOf.get(w.sessionId);
    const failure =
      lastTry && lastTry.status !== EAIS_FILE.accepted && lastTry.at
        ? {
            error: lastTry.error ?? 'Ошибка без описания',
            at: toCinemaTime(asDate(lastTry.at)),
            attempts: lastTry.attempts,
          }
        : null;
    const overdue = since.getTime() < deadline;
    const session = sessionOf.get(w.sessionId);
    if (!session || (!failure && !overdue)) continue;
    problems.push({
      session: { id: session.id, title: session.title, start_time: toCinemaTime(session.start), hall: session.hall },
      unreported: w.lines,
      waiting_since: toCinemaTime(since),
      overdue,
      failure,
    });
  }
  // Failures first (something answered no), then the longest waiting.
  problems.sort(
    (a, b) => Number(b.failure !== null) - Number(a.failure !== null) || a.waiting_since.localeCompare(b.waiting_since),
  );
  return {
    last_delivered_at: last?.at ? toCinemaTime(asDate(last.at)) : null,
    unreported: waiting.reduce((sum, w) => sum + w.lines, 0),
    problems: problems.slice(0, EAIS_PROBLEMS_SHOWN),
    problems_count: problems.length,
  };
}
