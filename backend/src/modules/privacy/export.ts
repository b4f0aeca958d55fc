/**
 * «Скачать мои данные» (152-FZ art. 14: the subject's right to see their data): everything Kino keeps about a
 * person — the profile, the consent records, orders, tickets, reviews and favourites — as one JSON document.
 */
import { asc, eq } from 'drizzle-orm';
import { toCinemaTime } from '../../contract/time';
import type { DataExport } from '../../contract/privacy';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { presentProfile } from '../profile/presenter';
import { loadProfile } from '../profile/service';
import { presentOwnReview } from '../reviews/presenter';
import { ownReviews } from '../reviews/service';
import { consentRecords } from './consents';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportPersonalData(ctx: AppContext, userId: number): Promise<DataExport> {
  const { orders, tickets, sessions, films, halls, favouriteFilms, favouritePersons, persons } = schema;
  const user = await loadProfile(ctx, userId);
  const [consents, orderRows, ticketRows, reviews, filmRows, personRows] = await Promise.all([
    consentRecords(ctx.db, userId),
    ctx.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id)),
    ctx.db
      .select({ ticket: tickets, film: films.title, startsAt: sessions.startTime, hall: halls.name })
      .from(tickets)
      .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
      .innerJoin(films, eq(films.id, sessions.filmId))
      .innerJoin(halls, eq(halls.id, sessions.hallId))
      .where(eq(tickets.userId, userId))
      .orderBy(asc(tickets.id)),
    ownReviews(ctx, userId),
    ctx.db
      .select({ id: films.id, title: films.title, addedAt: favouriteFilms.createdAt })
      .from(favouriteFilms)
      .innerJoin(films, eq(films.id, favouriteFilms.filmId))
      .where(eq(favouriteFilms.userId, userId)),
    ctx.db
      .select({ id: persons.id, name: persons.fio, addedAt: favouritePersons.createdAt })
      .from(favouritePersons)
      .innerJoin(persons, eq(persons.id, favouritePersons.personId))
      .where(eq(favouritePersons.userId, userId)),
  ]);
  return {
    exported_at: ctx.clock.now().toISOString(),
    profile: {
      ...presentProfile(user),
      registered_at: user.createdAt.toISOString(),
      marketing_consent: user.marketingConsent,
    },
    consents,
    orders: orderRows.map((o) => ({
      id: o.id,
      channel: o.channel,
      status: o.status,
      total_kopecks: o.totalKopecks,
      email: o.email,
      created_at: o.createdAt.toISOString(),
      paid_at: iso(o.paidAt),
      ticket_ids: ticketRows.filter((t) => t.ticket.orderId === o.id).map((t) => t.ticket.id),
    })),
    tickets: ticketRows.map(({ ticket, film, startsAt, hall }) => ({
      id: ticket.id,
      order_id: ticket.orderId,
      session_id: ticket.sessionId,
      film,
      starts_at: toCinemaTime(startsAt),
      hall,
      seat: ticket.seatNumber,
      price_kopecks: ticket.priceKopecks,
      status: ticket.status,
      purchased_at: ticket.purchaseDate.toISOString(),
      used_at: iso(ticket.usedAt),
      refunded_at: iso(ticket.refundedAt),
    })),
    reviews: reviews.map(presentOwnReview),
    favourites: {
      films: filmRows.map((f) => ({ id: f.id, title: f.title, added_at: f.addedAt.toISOString() })),
      persons: personRows.map((p) => ({ id: p.id, name: p.name, added_at: p.addedAt.toISOString() })),
    },
  };
}
