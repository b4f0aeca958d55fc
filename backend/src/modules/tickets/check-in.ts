/**
 * Admission at the door: the scanned (or typed) code must be ours, name a live ticket of a session
 * whose door is open — DOOR_OPENS_MINUTES before its start until its end — and not yet used.
 * One conditional UPDATE marks it used, so two scans of one ticket at two doors admit once, and a
 * check-in racing a refund of the same ticket leaves it either used or refunded, never both.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { LIVE_TICKET_STATUS } from '../../contract/constants';
import { parseSeatCode } from '../../contract/seats';
import type { CheckInResult } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { TicketsUsed } from './changes';
import { verifyCheckInCode } from './check-in-code';
import type { TicketWithRelations } from './presenter';
import { findTicketsWithRelations } from './queries';

export interface CheckInOutcome {
  result: CheckInResult;
  /** For the after-commit duties: tell the owner's pages. */
  change: TicketsUsed;
}

const { tickets, sessions } = schema;

export async function checkInTicket(
  ctx: Pick<AppContext, 'db' | 'config'>,
  code: string,
  now: Date,
): Promise<CheckInOutcome> {
  const payload = verifyCheckInCode(ctx.config.appSecret, code);
  if (!payload) throw new AppError('ticket_code_invalid', 'Код билета недействителен');
  const opensMs = ctx.config.doorOpensMinutes * 60_000;
  const [admitted] = await ctx.db
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
      ),
    )
    .returning({ id: tickets.id });
  const [row] = await findTicketsWithRelations(ctx.db, [payload.ticketId]);
  // A genuine code whose ticket is gone, or was moved to another seat since it was printed.
  if (!row || row.sessionId !== payload.sessionId || row.seatNumber !== payload.seat) {
    throw notFound('Билет не найден');
  }
  if (!admitted) throw whyNotAdmitted(row, now, opensMs);
  const { row: seatRow, place } = parseSeatCode(row.seatNumber);
  return {
    result: {
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
      used_at: toCinemaTime(row.usedAt!),
    },
    change: { what: 'tickets', kind: 'used', sessionId: row.sessionId, userId: row.userId, ticketIds: [row.id] },
  };
}

function whyNotAdmitted(row: TicketWithRelations, now: Date, opensMs: number): AppError {
  if (row.status === 'refunded') return conflict('ticket_refunded', 'Билет возвращён, вход по нему невозможен');
  if (row.status !== LIVE_TICKET_STATUS) return conflict('conflict', 'Билет отменён, вход по нему невозможен');
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
