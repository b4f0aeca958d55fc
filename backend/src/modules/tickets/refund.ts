/**
 * A viewer gives a ticket back: until REFUND_CUTOFF_MINUTES before the session, once, and never
 * after it was admitted at the door. One conditional UPDATE decides, so a refund racing a check-in
 * of the same ticket (or a second refund) cannot both win: PostgreSQL re-reads the row under its
 * lock and the loser matches nothing. The refused case is then explained from the row as it is.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { LIVE_TICKET_STATUS } from '../../contract/constants';
import type { OwnTicket } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { type AppError, conflict, notFound } from '../../lib/errors';
import type { TicketsRefunded } from './changes';
import { presentOwnTicket } from './presenter';
import { findTicketsWithRelations } from './queries';

export interface RefundResult {
  ticket: OwnTicket;
  /** For the after-commit duties: free the seat, tell the owner's pages, re-render the PDF, mail. */
  change: TicketsRefunded;
}

const { tickets, sessions } = schema;

export async function refundTicket(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  ticketId: number,
  now: Date,
): Promise<RefundResult> {
  const cutoffMs = ctx.config.refundCutoffMinutes * 60_000;
  const latestStart = new Date(now.getTime() + cutoffMs);
  const [refunded] = await ctx.db
    .update(tickets)
    .set({ status: 'refunded', refundedAt: now })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.userId, userId),
        eq(tickets.status, LIVE_TICKET_STATUS),
        isNull(tickets.usedAt),
        sql`exists (select 1 from ${sessions} where ${sessions.id} = ${tickets.sessionId} and ${gte(sessions.startTime, latestStart)})`,
      ),
    )
    .returning();
  const [row] = await findTicketsWithRelations(ctx.db, [ticketId]);
  // Someone else's ticket is answered as no ticket at all: ids reveal nothing.
  if (!row || row.userId !== userId) throw notFound('Билет не найден');
  if (!refunded) throw whyNotRefundable(row, ctx.config.refundCutoffMinutes);
  return {
    ticket: presentOwnTicket(ctx.config, row),
    change: {
      what: 'tickets',
      kind: 'refunded',
      sessionId: row.sessionId,
      userId,
      ticketIds: [row.id],
      seats: [row.seatNumber],
    },
  };
}

function whyNotRefundable(row: { status: string; usedAt: Date | null }, cutoffMinutes: number): AppError {
  if (row.status === 'refunded') return conflict('ticket_refunded', 'Билет уже возвращён');
  if (row.status !== LIVE_TICKET_STATUS) return conflict('conflict', 'Билет отменён');
  if (row.usedAt) {
    return conflict('ticket_used', 'Билет уже использован, вернуть его нельзя', {
      used_at: toCinemaTime(row.usedAt),
    });
  }
  return conflict('refund_closed', `Вернуть билет можно не позднее чем за ${cutoffMinutes} минут до начала сеанса`, {
    cutoff_minutes: cutoffMinutes,
  });
}
