/**
 * A purchase turns the buyer's holds into tickets. Redis says whether the seats are held by the
 * buyer; PostgreSQL decides: all tickets go in one transaction, and the unique index on live
 * tickets refuses a second sale of a seat even if Redis ever lost a hold. What follows a sale (the
 * seat maps, the bill, the dashboard, the PDF job) is the effects table's, after the commit.
 */
import { eq } from 'drizzle-orm';
import type { TicketStoreBody, TicketStoreResponse } from '../../contract/tickets';
import { fromCinemaTime, toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema } from '../../db';
import { write } from '../../effects';
import { conflict, notFound } from '../../lib/errors';
import type { SeatResult, SeatStore } from '../../realtime/seat-store';
import type { AuthUser } from '../auth/tokens';
import { presentTicket } from './presenter';

export interface PurchaseDeps {
  store: SeatStore;
}

const seatTaken = (seat?: string) => conflict('seat_taken', 'Место уже занято', seat ? { seat } : undefined);
const sessionStarted = () => conflict('session_started', 'Сеанс уже начался');

function refuseUnlessHeld(check: SeatResult): void {
  switch (check.status) {
    case 'ok':
      return;
    case 'past':
      throw sessionStarted();
    case 'taken':
      throw seatTaken(check.seat);
    default:
      throw conflict('hold_expired', 'Время брони истекло. Выберите места заново', { seat: check.seat });
  }
}

export async function purchaseTickets(
  ctx: AppContext,
  deps: PurchaseDeps,
  buyer: AuthUser,
  body: TicketStoreBody,
): Promise<TicketStoreResponse> {
  const sessionId = body.schedule_id;
  // One order for every buyer: concurrent purchases lock the index entries in the same order.
  const seats = body.seat_number.toSorted();
  const session = await ctx.db.query.sessions.findFirst({
    where: eq(schema.sessions.id, sessionId),
    with: { film: true, hall: true },
  });
  if (!session) throw notFound('Сеанс не найден');
  if (session.startTime.getTime() <= Date.now()) throw sessionStarted();
  if (body.price !== session.price) {
    throw conflict('price_changed', `Цена билета изменилась: ${session.price} ₽`, { price: session.price });
  }
  if (fromCinemaTime(body.purchase_date).getTime() !== session.startTime.getTime()) {
    throw conflict('conflict', 'Время сеанса изменилось', { start_time: toCinemaTime(session.startTime) });
  }

  refuseUnlessHeld(await deps.store.check(sessionId, buyer.id, seats));

  let rows: (typeof schema.tickets.$inferSelect)[];
  try {
    rows = await write(ctx, async (tx, changed) => {
      const sold = await tx
        .insert(schema.tickets)
        .values(seats.map((seatNumber) => ({ sessionId, userId: buyer.id, seatNumber, price: session.price })))
        .returning();
      changed({
        what: 'tickets',
        kind: 'sold',
        userId: buyer.id,
        sessionId,
        ticketIds: sold.map((t) => t.id),
        seats,
      });
      return sold;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw seatTaken();
    throw err;
  }
  return { tickets: rows.map((ticket) => presentTicket({ ...ticket, session, user: buyer })) };
}
