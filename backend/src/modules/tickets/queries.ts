import { inArray } from 'drizzle-orm';
import { schema, type Db } from '../../db';
import type { TicketWithRelations } from './presenter';

/** Tickets by id with what a ticket shows (session, film, hall, holder's name), ready for presentTicket. */
export function findTicketsWithRelations(db: Db, ids: number[]): Promise<TicketWithRelations[]> {
  return db.query.tickets.findMany({
    where: inArray(schema.tickets.id, ids),
    with: { session: { with: { film: true, hall: true } }, user: { columns: { fio: true } } },
    orderBy: schema.tickets.id,
  });
}
