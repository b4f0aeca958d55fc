import type { TicketView } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { schema } from '../../db';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** A ticket with what it shows: the shape of `db.query.tickets` `with: { session: { with: { film, hall } }, user }`. */
export type TicketWithRelations = Row<typeof schema.tickets> & {
  session: Row<typeof schema.sessions> & { film: Row<typeof schema.films>; hall: Row<typeof schema.halls> };
  user: Pick<Row<typeof schema.users>, 'fio'>;
};

export function presentTicket(ticket: TicketWithRelations): TicketView {
  const { session } = ticket;
  return {
    id: ticket.id,
    seat_number: ticket.seatNumber,
    price: ticket.price,
    purchase_date: toCinemaTime(ticket.purchaseDate),
    is_watching: ticket.isWatching,
    schedule: {
      id: session.id,
      start_time: toCinemaTime(session.startTime),
      price: session.price,
      hall: { id: session.hall.id, name: session.hall.name },
      movie: {
        id: session.film.id,
        title: session.film.title,
        age: session.film.age,
        promo_img: session.film.promoImg,
      },
    },
    user: { fio: ticket.user.fio },
  };
}
