/**
 * The Pushkin card's rules at the sale (REGISTRIES.md §2.10), asked inside the order's transaction: the film must be
 * in the programme (a Pro.Культура event), one ticket per holder per session (by phone or by name, among tickets
 * that still hold or sold a seat), and the holder recorded beside the ticket for the registry.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { mobileDigits, type PushkinVisitor } from '../../contract/pushkin';
import type { AppContext } from '../../context';
import { schema, type Tx } from '../../db';
import { conflict } from '../../lib/http/errors';
import { occupiesSeatSql } from '../tickets/state';
import { pushkinBecomes, pushkinWas } from './lifecycle';

const { pushkinTickets, tickets, sessions, films } = schema;

/**
 * The cinema accepts the Pushkin card (config.pushkin.enabled: off in production without PUSHKA_API_URL); off, no
 * session is offered it and no Pushkin payment is taken.
 */
export const acceptsPushkin = (ctx: Pick<AppContext, 'config'>): boolean => ctx.config.pushkin.enabled;

/**
 * The session's film's Pro.Культура event; 409 pushkin_unavailable when the cinema does not accept the card,
 * 409 pushkin_not_eligible when the film is not in the programme. Asked before the sale writes anything.
 */
export async function pushkinEventOf(ctx: Pick<AppContext, 'config' | 'db'>, sessionId: number): Promise<string> {
  if (!acceptsPushkin(ctx)) throw conflict('pushkin_unavailable', 'Пушкинская карта в кинотеатре не принимается');
  const [row] = await ctx.db
    .select({ eventId: films.pushkinEventId })
    .from(sessions)
    .innerJoin(films, eq(films.id, sessions.filmId))
    .where(eq(sessions.id, sessionId));
  if (!row?.eventId) throw conflict('pushkin_not_eligible', 'Этот фильм не участвует в программе «Пушкинская карта»');
  return row.eventId;
}

export interface PushkinHolder {
  name: string;
  /** 10 digits. */
  phone: string;
}

export const holderOf = (visitor: PushkinVisitor): PushkinHolder => ({
  name: visitor.full_name.trim().replace(/\s+/g, ' '),
  phone: mobileDigits(visitor.phone)!,
});

/**
 * 409 pushkin_holder_has_ticket when the holder has a live (or being paid) Pushkin ticket for the session. Two sales
 * for one holder at once queue on a transaction lock of the session and phone, so the second sees the first.
 */
export async function refuseSecondTicket(tx: Tx, sessionId: number, holder: PushkinHolder): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sessionId}, hashtext(${holder.phone}))`);
  const [taken] = await tx
    .select({ id: pushkinTickets.ticketId })
    .from(pushkinTickets)
    .innerJoin(tickets, eq(tickets.id, pushkinTickets.ticketId))
    .where(
      and(
        eq(pushkinTickets.sessionId, sessionId),
        or(
          eq(pushkinTickets.visitorPhone, holder.phone),
          sql`lower(${pushkinTickets.visitorName}) = lower(${holder.name})`,
        ),
        occupiesSeatSql(tickets.status),
      ),
    )
    .limit(1);
  if (taken)
    throw conflict(
      'pushkin_holder_has_ticket',
      'У владельца карты уже есть билет на этот сеанс: по Пушкинской карте — один билет на сеанс',
    );
}

/** Records the holder beside the order's one ticket: to register now (paid at the till) or once paid online. */
export async function recordPushkinTicket(
  tx: Tx,
  input: {
    ticketId: number;
    orderId: number;
    sessionId: number;
    eventId: string;
    holder: PushkinHolder;
    paid: boolean;
  },
): Promise<void> {
  const status = pushkinBecomes(input.paid ? 'sellAtOnce' : 'awaitPayment');
  await tx.insert(pushkinTickets).values({
    ticketId: input.ticketId,
    orderId: input.orderId,
    sessionId: input.sessionId,
    eventId: input.eventId,
    visitorName: input.holder.name,
    visitorPhone: input.holder.phone,
    status,
  });
}

/** Of these tickets, the Pushkin card ones (their refunds and visits go to the registry). */
export async function pushkinTicketIds(tx: Pick<Tx, 'select'>, ticketIds: number[]): Promise<number[]> {
  if (ticketIds.length === 0) return [];
  const rows = await tx
    .select({ id: pushkinTickets.ticketId })
    .from(pushkinTickets)
    .where(inArray(pushkinTickets.ticketId, ticketIds));
  return rows.map((r) => r.id);
}

/** An online Pushkin order was paid: its ticket is to be registered now (a job, after the commit). */
export async function pushkinTicketsPaid(
  tx: Tx,
  orderId: number,
  changed: (change: { what: 'pushkin'; action: 'register'; ticketIds: number[] }) => void,
): Promise<void> {
  const rows = await tx
    .update(pushkinTickets)
    .set({ status: pushkinBecomes('pay') })
    .where(and(eq(pushkinTickets.orderId, orderId), eq(pushkinTickets.status, pushkinWas('pay'))))
    .returning({ id: pushkinTickets.ticketId });
  if (rows.length > 0) changed({ what: 'pushkin', action: 'register', ticketIds: rows.map((r) => r.id) });
}
