import { and, asc, eq, inArray } from 'drizzle-orm';
import { isPaidSql, wasSoldSql } from './state';
import type { OwnTicket } from '../../contract/tickets';
import type { AppContext } from '../../context';
import { schema, type Db } from '../../db';
import { presentOwnTicket, type TicketWithRelations } from './presenter';

const withRelations = {
  session: { with: { film: true, hall: true } },
  user: { columns: { fio: true } },
  zone: { columns: { code: true, name: true } },
  ticketType: { columns: { code: true, name: true, checkDocument: true } },
  refunds: { columns: { id: true, status: true, cancellationReason: true } },
} as const;

/** Tickets by id with what a ticket shows (session, film, hall, holder's name), ready for presentTicket. */
export function findTicketsWithRelations(db: Db, ids: number[]): Promise<TicketWithRelations[]> {
  return db.query.tickets.findMany({
    where: inArray(schema.tickets.id, ids),
    with: withRelations,
    orderBy: schema.tickets.id,
  });
}

/** A viewer's tickets in the order of purchase (refunded ones too, with their status; not unpaid orders' lines). */
export async function listOwnTickets(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: number,
): Promise<OwnTicket[]> {
  const rows = await ctx.db.query.tickets.findMany({
    where: and(eq(schema.tickets.userId, userId), wasSoldSql()),
    with: withRelations,
    orderBy: [asc(schema.tickets.purchaseDate), asc(schema.tickets.id)],
  });
  return rows.map((row) => presentOwnTicket(ctx.config, row, ctx.clock.now()));
}

/** A viewer's viewings (/profile/watch): live tickets only, in session order. */
export async function listOwnViewings(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  userId: number,
): Promise<OwnTicket[]> {
  const rows = await ctx.db.query.tickets.findMany({
    where: and(eq(schema.tickets.userId, userId), isPaidSql()),
    with: withRelations,
    orderBy: asc(schema.tickets.id),
  });
  return rows
    .sort((a, b) => a.session.startTime.getTime() - b.session.startTime.getTime() || a.id - b.id)
    .map((row) => presentOwnTicket(ctx.config, row, ctx.clock.now()));
}
