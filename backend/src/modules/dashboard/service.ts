/**
 * The staff dashboard's figures, counted from the database on each ask (a handful of counts: cheap,
 * and never stale). Every write that changes one of them pushes 'dashboard:changed' to the staff room
 * (effects table), and open dashboards ask again.
 */
import { and, asc, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { Dashboard, DashboardSales } from '../../contract/dashboard';
import { toCinemaDate, toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { needsManualRefundSql } from '../orders/returned-by-hand';
import { startOfCinemaToday } from '../schedules/service';
import { isPaidSql, occupiesSeatSql } from '../tickets/state';

type Ctx = Pick<AppContext, 'db'>;
const {
  films,
  users,
  persons,
  genres,
  reviews,
  news,
  halls,
  promotions,
  countries,
  tickets,
  sessions,
  seatZones,
  ticketTypes,
} = schema;

/** How many upcoming sessions the sales panel shows. */
const UPCOMING = 8;

export async function loadDashboard(ctx: Ctx): Promise<Dashboard> {
  const [byRent, ...totals] = await Promise.all([
    ctx.db.select({ isRent: films.isRent, n: count() }).from(films).groupBy(films.isRent),
    ctx.db.$count(users),
    ctx.db.$count(persons),
    ctx.db.$count(genres),
    ctx.db.$count(reviews),
    ctx.db.$count(news),
    ctx.db.$count(halls),
    ctx.db.$count(promotions),
    ctx.db.$count(countries),
  ]);
  const rent = (flag: number) => byRent.find((r) => r.isRent === flag)?.n ?? 0;
  const names = ['Пользователи', 'Персоны', 'Жанры', 'Отзывы', 'Новости', 'Залы', 'Акции', 'Страны'];
  return [
    [
      { name: 'В прокате', value: rent(1) },
      { name: 'Не в прокате', value: rent(0) },
    ],
    ...names.map((name, i) => [{ name, value: totals[i]! }]),
  ];
}

export async function loadSales(ctx: Ctx, now: Date): Promise<DashboardSales> {
  const startOfToday = startOfCinemaToday(now);
  const soldToday = and(isPaidSql(), gte(tickets.purchaseDate, startOfToday));
  // Money that came and stayed: tickets paid today and not refunded (pending orders are no revenue).
  const [today] = await ctx.db
    .select({ tickets: count(), revenue: sum(tickets.priceKopecks).mapWith(Number) })
    .from(tickets)
    .where(soldToday);
  const byName = async (
    table: typeof seatZones | typeof ticketTypes,
    column: typeof tickets.zoneCode | typeof tickets.ticketTypeCode,
  ) =>
    (
      await ctx.db
        .select({ name: table.name, value: count() })
        .from(tickets)
        .innerJoin(table, eq(table.code, column))
        .where(soldToday)
        .groupBy(table.name)
        .orderBy(desc(count()), asc(table.name))
    ).map((row) => ({ name: row.name, value: row.value }));
  const [byZone, byType] = await Promise.all([
    byName(seatZones, tickets.zoneCode),
    byName(ticketTypes, tickets.ticketTypeCode),
  ]);
  const upcoming = await ctx.db.query.sessions.findMany({
    where: gte(sessions.startTime, now),
    orderBy: [asc(sessions.startTime), asc(sessions.id)],
    limit: UPCOMING,
    with: { film: { columns: { title: true } }, hall: { columns: { name: true, capacity: true } } },
  });
  const sold = upcoming.length
    ? await ctx.db
        .select({ sessionId: tickets.sessionId, n: count() })
        .from(tickets)
        .where(
          and(
            inArray(
              tickets.sessionId,
              upcoming.map((s) => s.id),
            ),
            occupiesSeatSql(),
          ),
        )
        .groupBy(tickets.sessionId)
    : [];
  const [flagged] = await ctx.db
    .select({ n: count() })
    .from(schema.orders)
    .where(needsManualRefundSql(schema.orders.id));
  return {
    date: toCinemaDate(now),
    tickets: today?.tickets ?? 0,
    manual_refunds: flagged?.n ?? 0,
    revenue: roublesOf(today?.revenue ?? 0),
    by_zone: byZone,
    by_type: byType,
    sessions: upcoming.map((s) => ({
      id: s.id,
      title: s.film.title,
      start_time: toCinemaTime(s.startTime),
      hall: s.hall.name,
      sold: sold.find((x) => x.sessionId === s.id)?.n ?? 0,
      capacity: s.hall.capacity,
    })),
  };
}
