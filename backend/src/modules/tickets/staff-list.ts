/** The back office's tickets table: sold tickets (refunded ones too), newest first; one session, one session day, a holder search. */
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { StaffTicket, StaffTicketQuerySchema } from '../../contract/tickets';
import { addDays, fromCinemaTime, toCinemaTime } from '../../contract/time';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import { presentTicketType, presentZone } from './presenter';
import { wasSoldSql } from './state';

const { tickets, sessions, films, halls, users, seatZones, ticketTypes } = schema;

export function listStaffTickets(
  ctx: Pick<AppContext, 'db'>,
  query: z.output<typeof StaffTicketQuerySchema>,
): Promise<Page<StaffTicket>> {
  const where = and(
    wasSoldSql(),
    query.schedule_id ? eq(tickets.sessionId, query.schedule_id) : undefined,
    query.date ? gte(sessions.startTime, fromCinemaTime(`${query.date} 00:00`)) : undefined,
    query.date ? lt(sessions.startTime, fromCinemaTime(`${addDays(query.date, 1)} 00:00`)) : undefined,
    searchCondition(query.q, users.fio, users.email),
  );
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select({
          ticket: tickets,
          session: sessions,
          film: films,
          hall: halls,
          user: users,
          zone: seatZones,
          type: ticketTypes,
        })
        .from(tickets)
        .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
        .innerJoin(films, eq(films.id, sessions.filmId))
        .innerJoin(halls, eq(halls.id, sessions.hallId))
        .innerJoin(users, eq(users.id, tickets.userId))
        .innerJoin(seatZones, eq(seatZones.code, tickets.zoneCode))
        .innerJoin(ticketTypes, eq(ticketTypes.code, tickets.ticketTypeCode))
        .where(where)
        .orderBy(desc(tickets.purchaseDate), desc(tickets.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ ticket, session, film, hall, user, zone, type }) => ({
        id: ticket.id,
        order_id: ticket.orderId,
        seat_number: ticket.seatNumber,
        price: roublesOf(ticket.priceKopecks),
        zone: presentZone(zone),
        ticket_type: presentTicketType(type),
        purchase_date: toCinemaTime(ticket.purchaseDate),
        status: ticket.status,
        used_at: ticket.usedAt ? toCinemaTime(ticket.usedAt) : null,
        film: { id: film.id, title: film.title },
        session: { id: session.id, start_time: toCinemaTime(session.startTime), hall: hall.name },
        user: { id: user.id, fio: user.fio, email: user.email },
      }));
    },
    async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(tickets)
        .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}
