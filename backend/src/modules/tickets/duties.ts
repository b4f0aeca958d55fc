/**
 * Ticket duties the effects table (effects/table.ts) runs after a commit and that need more than
 * a job id: the owners' pages told their tickets' new state, the watching jobs of sessions.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { JOBS } from '../../queues';
import { emitterFor } from '../../realtime/emitter';
import { userRoom } from '../../realtime/rooms';
import { ticketJobIds } from '../../queues/job-ids/tickets';
import { presentTicketChange } from './presenter';

/** Each owner's open pages get the tickets' state as it is now (read after the commit). */
export async function pushTicketsChanged(
  ctx: Pick<AppContext, 'db' | 'redis' | 'keys' | 'logger'>,
  ticketIds: number[],
): Promise<void> {
  if (ticketIds.length === 0) return;
  const { tickets } = schema;
  const rows = await ctx.db
    .select({
      id: tickets.id,
      userId: tickets.userId,
      status: tickets.status,
      isWatching: tickets.isWatching,
      usedAt: tickets.usedAt,
    })
    .from(tickets)
    .where(inArray(tickets.id, ticketIds))
    .orderBy(tickets.id);
  const emitter = emitterFor(ctx);
  for (const userId of new Set(rows.map((r) => r.userId))) {
    if (userId === null) continue; // a walk-in's tickets: no account, no pages to tell
    const own = rows.filter((r) => r.userId === userId).map(presentTicketChange);
    emitter.to(userRoom(userId)).emit('tickets:changed', { tickets: own });
  }
}

/**
 * A delayed job at each session's start and one at its end move its tickets' watching states.
 * The ids are per session and edge: a new schedule first removes the earlier jobs (BullMQ ignores
 * an add under an id it still keeps, even a finished one). A job running at that very moment
 * cannot be removed; the repeated sweep then covers the new time.
 */
export async function scheduleWatchingJobs(
  ctx: Pick<AppContext, 'db' | 'queues' | 'clock'>,
  sessionIds: number[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  const { sessions } = schema;
  const rows = await ctx.db
    .select({ id: sessions.id, startTime: sessions.startTime, endTime: sessions.endTime })
    .from(sessions)
    .where(inArray(sessions.id, sessionIds));
  const queue = ctx.queues.queue(JOBS['tickets.watching'].queue);
  for (const session of rows) {
    for (const [edge, at] of [
      ['start', session.startTime],
      ['end', session.endTime],
    ] as const) {
      const jobId = ticketJobIds.watching(session.id, edge);
      await queue.remove(jobId);
      await ctx.queues.enqueue(
        'tickets.watching',
        { sessionId: session.id },
        { jobId, delay: Math.max(0, at.getTime() - ctx.clock.now().getTime()) },
      );
    }
  }
}
