/** The staff list of ЕАИС deliveries (GET /api/eais/deliveries): each file, its session, attempts and last reply. */
import { count, desc, eq } from 'drizzle-orm';
import type { EaisDelivery } from '../../contract/dashboard';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { paginate, type PageQuery } from '../../lib/http/paging';

const { eaisReports, sessions, films, halls } = schema;

const timeOf = (at: Date | null) => (at ? toCinemaTime(at) : null);

export function listEaisDeliveries(ctx: Pick<AppContext, 'db'>, query: PageQuery) {
  return paginate<EaisDelivery>(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select({
          report: eaisReports,
          title: films.title,
          start: sessions.startTime,
          hall: halls.name,
        })
        .from(eaisReports)
        .leftJoin(sessions, eq(sessions.id, eaisReports.sessionId))
        .leftJoin(films, eq(films.id, sessions.filmId))
        .leftJoin(halls, eq(halls.id, sessions.hallId))
        .orderBy(desc(eaisReports.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ report: r, title, start, hall }) => ({
        id: r.id,
        status: r.status,
        file_name: r.fileName,
        destination: r.destination,
        session:
          r.sessionId !== null && title !== null && start !== null && hall !== null
            ? { id: r.sessionId, title, start_time: toCinemaTime(start), hall }
            : null,
        sales: r.sales,
        refunds: r.refunds,
        attempts: r.attempts,
        reply: r.reply,
        error: r.error,
        created_at: toCinemaTime(r.createdAt),
        last_attempt_at: timeOf(r.lastAttemptAt),
        delivered_at: timeOf(r.deliveredAt),
      }));
    },
    async () => (await ctx.db.select({ n: count() }).from(eaisReports))[0]!.n,
  );
}
