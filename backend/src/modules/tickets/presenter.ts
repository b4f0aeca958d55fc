import { WALK_IN_BUYER } from '../../contract/constants';
import { roublesOf } from '../../contract/money';
import type { OwnTicket, TicketView } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { Config } from '../../config';
import type { schema } from '../../db';
import { signCheckInCode } from './check-in-code';
import { refundAnswer, refundClosesAt } from './lifecycle';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
export type TicketRow = Row<typeof schema.tickets>;

/** A ticket with what it shows: the shape of `db.query.tickets` with its session (film, hall), holder and refunds. */
export type TicketWithRelations = TicketRow & {
  session: Row<typeof schema.sessions> & { film: Row<typeof schema.films>; hall: Row<typeof schema.halls> };
  /** Null for a walk-in's ticket sold at the till. */
  user: Pick<Row<typeof schema.users>, 'fio'> | null;
  zone: ZoneRef;
  ticketType: TicketTypeRef;
  refunds: Pick<Row<typeof schema.refunds>, 'id' | 'status' | 'cancellationReason'>[];
  order?: Pick<Row<typeof schema.orders>, 'paymentMethod' | 'channel'>;
};

type ZoneRef = Pick<Row<typeof schema.seatZones>, 'code' | 'name'>;
type TicketTypeRef = Pick<Row<typeof schema.ticketTypes>, 'code' | 'name' | 'checkDocument'>;

/** The zone and ticket type a ticket was sold as (the PDF, the lists, the door check show them). */
export const presentZone = (zone: ZoneRef) => ({ code: zone.code, name: zone.name });
export const presentTicketType = (type: TicketTypeRef) => ({
  code: type.code,
  name: type.name,
  check_document: type.checkDocument,
});

const cinemaTimeOrNull = (instant: Date | null) => (instant ? toCinemaTime(instant) : null);

export function presentTicket(ticket: TicketWithRelations): TicketView {
  const { session } = ticket;
  return {
    id: ticket.id,
    seat_number: ticket.seatNumber,
    price: roublesOf(ticket.priceKopecks),
    zone: presentZone(ticket.zone),
    ticket_type: presentTicketType(ticket.ticketType),
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
    user: { fio: ticket.user?.fio ?? WALK_IN_BUYER },
  };
}

/** The check-in code of a ticket (the QR of its PDF, `qr` in its owner's lists). */
export const ticketCode = (secret: string, ticket: Pick<TicketRow, 'id' | 'sessionId' | 'seatNumber'>) =>
  signCheckInCode(secret, { ticketId: ticket.id, sessionId: ticket.sessionId, seat: ticket.seatNumber });

/** A ticket as its owner sees it: with the code the door scans. Never send it to anyone else. */
export const presentOwnTicket = (
  config: Pick<Config, 'appSecret' | 'refundCutoffMinutes'>,
  ticket: TicketWithRelations,
  now: Date,
): OwnTicket => ({
  ...presentTicket(ticket),
  order_id: ticket.orderId,
  refund_status: ticket.refunds.toSorted((a, b) => b.id - a.id)[0]?.status ?? null,
  qr: ticketCode(config.appSecret, ticket),
  refundable_until: toCinemaTime(refundClosesAt(ticket.session, config.refundCutoffMinutes)),
  refund_cutoff_minutes: config.refundCutoffMinutes,
  ...refundAnswer(ticket, { kind: 'viewer', cutoffMinutes: config.refundCutoffMinutes }, now),
});

/** What the owner's pages hear when a ticket changes ('tickets:changed'). */
export const presentTicketChange = (ticket: Pick<TicketRow, 'id' | 'status' | 'isWatching' | 'usedAt'>) => ({
  id: ticket.id,
  status: ticket.status,
  is_watching: ticket.isWatching,
  used_at: cinemaTimeOrNull(ticket.usedAt),
});
