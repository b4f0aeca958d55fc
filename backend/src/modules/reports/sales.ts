/**
 * The sales table (GET /api/reports/sales) and the figures the distributor's week is made of.
 *
 * A report covers the sessions whose show date (the cinema's calendar) falls in the period, as box office
 * is counted in the trade (and for distributors and ЕАИС): a ticket counts to its session's day, whenever it
 * was bought. Sold = paid, including the tickets refunded since (SOLD_TICKET_STATUSES); refunds are those of
 * them refunded; net = what stayed. Capacity is the halls' sellable seats of the sessions not cancelled, so
 * occupancy = tickets kept ÷ capacity. Money is summed in integer kopecks and turned into roubles at the end.
 */
import { and, count, eq, gte, lt, sum, type SQL } from 'drizzle-orm';
import {
  LIVE_TICKET_STATUS,
  ORDER_CHANNEL_LABELS,
  PAYMENT_METHOD_LABELS,
  type OrderChannel,
  type PaymentMethod,
  type TicketStatus,
} from '../../contract/constants';
import { formatShortTime } from '../../contract/format';
import { roublesOf } from '../../contract/money';
import {
  SESSION_GROUPINGS,
  type ReportGrouping,
  type SalesReport,
  type SalesReportQuery,
  type SalesRow,
} from '../../contract/reports';
import { addDays, fromCinemaTime, toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { wasSoldSql } from '../tickets/state';

type Ctx = Pick<AppContext, 'db'>;
const { sessions, films, halls, tickets, orders, seatZones, ticketTypes } = schema;

/** One group's figures, in kopecks. */
export interface SalesFigures {
  key: string;
  label: string;
  /** Sessions not cancelled in the group (groupings by session only; 0 otherwise). */
  sessions: number;
  tickets: number;
  grossKopecks: number;
  refunds: number;
  refundsKopecks: number;
  capacity: number;
}

export interface SalesPeriod {
  from: string;
  to: string;
  by: ReportGrouping;
  /** Only this film's sessions (the distributor's report). */
  filmId?: number;
}

interface SessionInfo {
  id: number;
  startTime: string;
  filmId: number;
  title: string;
  hallId: number;
  hall: string;
  capacity: number;
  cancelled: boolean;
}

const emptyFigures = (key: string, label: string): SalesFigures => ({
  key,
  label,
  sessions: 0,
  tickets: 0,
  grossKopecks: 0,
  refunds: 0,
  refundsKopecks: 0,
  capacity: 0,
});

/** '2026-03-10' → '10.03.2026'. */
const dayLabel = (date: string) => formatShortTime(`${date} 00:00:00`).slice(0, 10);

/** The figures of a period grouped as asked; rows in the grouping's natural order, and their total. */
export async function salesFigures(
  ctx: Ctx,
  period: SalesPeriod,
): Promise<{ rows: SalesFigures[]; total: SalesFigures }> {
  const start = fromCinemaTime(`${period.from} 00:00:00`);
  const end = fromCinemaTime(`${addDays(period.to, 1)} 00:00:00`);
  const inPeriod: SQL[] = [gte(sessions.startTime, start), lt(sessions.startTime, end)];
  if (period.filmId !== undefined) inPeriod.push(eq(sessions.filmId, period.filmId));

  const [sessionRows, lines, zones, types] = await Promise.all([
    ctx.db
      .select({
        id: sessions.id,
        startTime: sessions.startTime,
        filmId: sessions.filmId,
        title: films.title,
        hallId: sessions.hallId,
        hall: halls.name,
        capacity: halls.capacity,
        cancelledAt: sessions.cancelledAt,
      })
      .from(sessions)
      .innerJoin(films, eq(films.id, sessions.filmId))
      .innerJoin(halls, eq(halls.id, sessions.hallId))
      .where(and(...inPeriod))
      .orderBy(sessions.startTime, sessions.id),
    // The sold tickets of those sessions, counted and summed per every way a report can group them.
    ctx.db
      .select({
        sessionId: tickets.sessionId,
        zone: tickets.zoneCode,
        type: tickets.ticketTypeCode,
        channel: orders.channel,
        method: orders.paymentMethod,
        status: tickets.status,
        n: count(),
        kopecks: sum(tickets.priceKopecks).mapWith(Number),
      })
      .from(tickets)
      .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(wasSoldSql(), ...inPeriod))
      .groupBy(
        tickets.sessionId,
        tickets.zoneCode,
        tickets.ticketTypeCode,
        orders.channel,
        orders.paymentMethod,
        tickets.status,
      ),
    ctx.db.select({ code: seatZones.code, name: seatZones.name }).from(seatZones),
    ctx.db.select({ code: ticketTypes.code, name: ticketTypes.name }).from(ticketTypes),
  ]);

  const sessionById = new Map<number, SessionInfo>(
    sessionRows.map((s) => [
      s.id,
      {
        id: s.id,
        startTime: toCinemaTime(s.startTime),
        filmId: s.filmId,
        title: s.title,
        hallId: s.hallId,
        hall: s.hall,
        capacity: s.capacity,
        cancelled: s.cancelledAt !== null,
      },
    ]),
  );
  const zoneName = new Map(zones.map((z) => [z.code, z.name]));
  const typeName = new Map(types.map((t) => [t.code, t.name]));

  const groups = new Map<string, SalesFigures>();
  const groupOf = (key: string, label: string) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = emptyFigures(key, label)));
    return group;
  };
  const sessionGroup = (s: SessionInfo): [string, string] => {
    switch (period.by) {
      case 'day':
        return [s.startTime.slice(0, 10), dayLabel(s.startTime.slice(0, 10))];
      case 'film':
        return [String(s.filmId), s.title];
      case 'hall':
        return [String(s.hallId), s.hall];
      default:
        return [String(s.id), `${s.title} · ${formatShortTime(s.startTime)} · ${s.hall}`];
    }
  };

  const total = emptyFigures('total', 'Итого');
  const bySessions = SESSION_GROUPINGS.has(period.by);
  if (period.by === 'day') {
    for (let day = period.from; day <= period.to; day = addDays(day, 1)) groupOf(day, dayLabel(day));
  }
  for (const s of sessionById.values()) {
    if (s.cancelled) continue;
    total.sessions += 1;
    total.capacity += s.capacity;
    if (!bySessions) continue;
    const group = groupOf(...sessionGroup(s));
    group.sessions += 1;
    group.capacity += s.capacity;
  }

  for (const line of lines) {
    const session = sessionById.get(line.sessionId);
    if (!session) continue;
    const [key, label] = lineGroup(period.by, line, session, sessionGroup, zoneName, typeName);
    const refunded = (line.status as TicketStatus) !== LIVE_TICKET_STATUS;
    for (const group of [groupOf(key, label), total]) {
      group.tickets += line.n;
      group.grossKopecks += line.kopecks;
      if (refunded) {
        group.refunds += line.n;
        group.refundsKopecks += line.kopecks;
      }
    }
  }

  const rows = [...groups.values()];
  if (period.by === 'day') rows.sort((a, b) => a.key.localeCompare(b.key));
  else if (period.by !== 'session') {
    rows.sort((a, b) => b.grossKopecks - a.grossKopecks || a.label.localeCompare(b.label, 'ru'));
  }
  return { rows, total };
}

function lineGroup(
  by: ReportGrouping,
  line: { zone: string; type: string; channel: OrderChannel; method: PaymentMethod },
  session: SessionInfo,
  sessionGroup: (s: SessionInfo) => [string, string],
  zoneName: Map<string, string>,
  typeName: Map<string, string>,
): [string, string] {
  switch (by) {
    case 'zone':
      return [line.zone, zoneName.get(line.zone) ?? line.zone];
    case 'type':
      return [line.type, typeName.get(line.type) ?? line.type];
    case 'channel':
      return [line.channel, ORDER_CHANNEL_LABELS[line.channel]];
    case 'method':
      return [line.method, PAYMENT_METHOD_LABELS[line.method]];
    default:
      return sessionGroup(session);
  }
}

/** Kopecks → the row as the contract carries it. */
export function presentRow(figures: SalesFigures, withCapacity: boolean): SalesRow {
  const kept = figures.tickets - figures.refunds;
  const netKopecks = figures.grossKopecks - figures.refundsKopecks;
  const capacity = withCapacity ? figures.capacity : null;
  return {
    key: figures.key,
    label: figures.label,
    tickets: figures.tickets,
    gross: roublesOf(figures.grossKopecks),
    refunds: figures.refunds,
    refunds_sum: roublesOf(figures.refundsKopecks),
    net: roublesOf(netKopecks),
    average_price: kept > 0 ? roublesOf(Math.round(netKopecks / kept)) : null,
    capacity,
    occupancy: capacity ? Math.round((kept / capacity) * 1000) / 10 : null,
  };
}

export async function loadSalesReport(ctx: Ctx, query: SalesReportQuery): Promise<SalesReport> {
  const { rows, total } = await salesFigures(ctx, query);
  const withCapacity = SESSION_GROUPINGS.has(query.by);
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    rows: rows.map((row) => presentRow(row, withCapacity)),
    total: presentRow(total, true),
  };
}
