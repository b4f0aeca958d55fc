import type { OwnTicket, TicketView } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { Config } from '../../config';
import type { schema } from '../../db';
import { signCheckInCode } from './check-in-code';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
export type TicketRow = Row<typeof schema.tickets>;

/** A ticket with what it shows: the shape of `db.query.tickets` `with: { session: { with: { film, hall } }, user }`. */
export type TicketWithRelations = TicketRow & {
  session: Row<typeof schema.sessions> & { film: Row<typeof schema.films>; hall: Row<typeof schema.halls> };
  user: Pick<Row<typeof schema.users>, 'fio'>;
};

const cinemaTimeOrNull = (instant: Date | null) => (instant ? toCinemaTime(instant) : null);

export function presentTicket(ticket: TicketWithRelations): TicketView {
  const { session } = ticket;
  return {
    id: ticket.id,
    seat_number: ticket.seatNumber,
    price: ticket.price,
    purchase_date: toCinemaTime(ticket.purchaseDate),
    is_watching: ticket.isWatching,
    status: ticket.status,
    used_at: cinemaTimeOrNull(ticket.usedAt),
    refunded_at: cinemaTimeOrNull(ticket.refundedAt),
    schedule: {
      id: session.id,
      start_time: toCinemaTime(session.startTime),
      end_time: toCinemaTime(session.endTime),
      price: session.price,
      hall: { id: session.hall.id, name: session.hall.name },
      movie: {
        id: session.film.id,
        title: session.film.title,
        age: session.film.age,
        promo_img: session.film.promoImg,
        poster: session.film.poster,
      },
    },
    user: { fio: ticket.user.fio },
  };
}

/** The check-in code of a ticket (the QR of its PDF, `qr` in its owner's lists). */
export const ticketCode = (secret: string, ticket: Pick<TicketRow, 'id' | 'sessionId' | 'seatNumber'>) =>
  signCheckInCode(secret, { ticketId: ticket.id, sessionId: ticket.sessionId, seat: ticket.seatNumber });

/** A ticket as its owner sees it: with the code the door scans. Never send it to anyone else. */
export const presentOwnTicket = (
  config: Pick<Config, 'appSecret' | 'refundCutoffMinutes'>,
  ticket: TicketWithRelations,
): OwnTicket => ({
  ...presentTicket(ticket),
  qr: ticketCode(config.appSecret, ticket),
  refundable_until: toCinemaTime(new Date(ticket.session.startTime.getTime() - config.refundCutoffMinutes * 60_000)),
});

/** What the owner's pages hear when a ticket changes ('tickets:changed'). */
export const presentTicketChange = (ticket: Pick<TicketRow, 'id' | 'status' | 'isWatching' | 'usedAt'>) => ({
  id: ticket.id,
  status: ticket.status,
  is_watching: ticket.isWatching,
  used_at: cinemaTimeOrNull(ticket.usedAt),
});
