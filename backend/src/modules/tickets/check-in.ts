/**
 * Admission at the door: the scanned (or typed) code must be ours, name a live ticket of a session
 * whose door is open — DOOR_OPENS_MINUTES before its start until its end — and not yet used.
 * One conditional UPDATE marks it used, so two scans of one ticket at two doors admit once, and a
 * check-in racing a refund of the same ticket leaves it either used or refunded, never both.
 */
import { and, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { LIVE_TICKET_STATUS, UNSETTLED_REFUND_STATUSES } from '../../contract/constants';
import { parseSeatCode } from '../../contract/seats';
import type { CheckInResult } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { write } from '../../effects';
import { AppError, conflict, notFound } from '../../lib/http/errors';
import { lockOrder } from '../../db/order-lock';
import { verifyCheckInCode } from './check-in-code';
import { isUnsettled } from './state';
import type { TicketWithRelations } from './presenter';
import { presentTicketType, presentZone } from './presenter';
import { findTicketsWithRelations } from './queries';
import { ticketBecomes } from './lifecycle';

const { tickets, sessions, refunds, pushkinTickets } = schema;

export async function checkInTicket(
  ctx: Parameters<typeof write>[0],
  code: string,
  now: Date,
  holderIdChecked = false,
): Promise<CheckInResult> {
  const payload = verifyCheckInCode(ctx.config.appSecret, code);
  if (!payload) throw new AppError('ticket_code_invalid', 'Код билета недействителен');
  // A Pushkin card ticket is personal (REGISTRIES.md §2.10): the controller checks the holder's ID first.
  const [holder] = await ctx.db
    .select({ name: pushkinTickets.visitorName })
    .from(pushkinTickets)
    .where(eq(pushkinTickets.ticketId, payload.ticketId));
  if (holder && !holderIdChecked) {
    throw conflict('pushkin_id_required', `Билет по Пушкинской карте: проверьте документ — ${holder.name}`, {
      visitor_name: holder.name,
    });
  }
  const opensMs = ctx.config.doorOpensMinutes * 60_000;
  const admitted = await write(ctx, async (tx, changed) => {
    // Admission and a refund of the same ticket serialize on its order (orders/refund.ts takes the same lock).
    const [line] = await tx.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, payload.ticketId));
    if (line) await lockOrder(tx, line.orderId);
    const [row] = await tx
      .update(tickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(tickets.id, payload.ticketId),
          eq(tickets.sessionId, payload.sessionId),
          eq(tickets.seatNumber, payload.seat),
          eq(tickets.status, LIVE_TICKET_STATUS),
          isNull(tickets.usedAt),
          sql`exists (select 1 from ${sessions} where ${sessions.id} = ${tickets.sessionId} and ${and(
            lte(sessions.startTime, new Date(now.getTime() + opensMs)),
            gt(sessions.endTime, now),
          )})`,
          // Money on its way back: the ticket no longer admits.
          notExists(
            tx
              .select({ id: refunds.id })
              .from(refunds)
              .where(and(eq(refunds.ticketId, tickets.id), inArray(refunds.status, [...UNSETTLED_REFUND_STATUSES]))),
          ),
        ),
      )
      .returning({ id: tickets.id, userId: tickets.userId, sessionId: tickets.sessionId });
    if (row) {
      changed({ what: 'tickets', kind: 'used', sessionId: row.sessionId, userId: row.userId, ticketIds: [row.id] });
      // The visit goes to the registry, at the scan time.
      if (holder) changed({ what: 'pushkin', action: 'visit', ticketIds: [row.id] });
    }
    return row;
  });
  const [row] = await findTicketsWithRelations(ctx.db, [payload.ticketId]);
  // A genuine code whose ticket is gone, or was moved to another seat since it was printed.
  if (!row || row.sessionId !== payload.sessionId || row.seatNumber !== payload.seat) {
    throw notFound('Билет не найден');
  }
  if (!admitted) throw whyNotAdmitted(row, now, opensMs);
  const { row: seatRow, place } = parseSeatCode(row.seatNumber);
  return {
    ticket_id: row.id,
    film: { id: row.session.film.id, title: row.session.film.title, age: row.session.film.age },
    session: {
      id: row.session.id,
      start_time: toCinemaTime(row.session.startTime),
      end_time: toCinemaTime(row.session.endTime),
    },
    hall: { id: row.session.hall.id, name: row.session.hall.name },
    seat_number: row.seatNumber,
    row: seatRow,
    seat: place,
    zone: presentZone(row.zone),
    ticket_type: presentTicketType(row.ticketType),
    used_at: toCinemaTime(row.usedAt!),
  };
}

function whyNotAdmitted(row: TicketWithRelations, now: Date, opensMs: number): AppError {
  if (row.status === ticketBecomes('refund'))
    return conflict('ticket_refunded', 'Билет возвращён, вход по нему невозможен');
  if (row.status !== LIVE_TICKET_STATUS)
    return conflict('conflict', 'Билет не оплачен или отменён, вход по нему невозможен');
  if (row.refunds.some((r) => isUnsettled(r.status))) {
    return conflict('refund_pending', 'По билету оформляется возврат, вход по нему невозможен');
  }
  if (row.usedAt) return conflict('ticket_used', 'Билет уже использован', { used_at: toCinemaTime(row.usedAt) });
  const opensAt = new Date(row.session.startTime.getTime() - opensMs);
  const details = { opens_at: toCinemaTime(opensAt), ends_at: toCinemaTime(row.session.endTime) };
  if (now < opensAt) {
    const when = toCinemaTime(opensAt);
    const sameDay = when.slice(0, 10) === toCinemaTime(now).slice(0, 10);
    const at = sameDay ? when.slice(11, 16) : `${when.slice(8, 10)}.${when.slice(5, 7)} в ${when.slice(11, 16)}`;
    return conflict('door_closed', `Вход на сеанс ещё закрыт: он откроется ${at}`, details);
  }
  return conflict('door_closed', 'Сеанс уже закончился', details);
}
