/**
 * Watching states follow the session's clock: 0 before its start, 1 while it runs, 2 after its
 * end. Tickets only move forward, in one UPDATE: workers racing over the same tickets (a delayed
 * job and the sweep, or two workers processes) each get back only the rows they moved — under the
 * row lock PostgreSQL re-checks `is_watching < target` — so every move is reported exactly once.
 */
import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '../../db';
import { write } from '../../effects';

const { tickets, sessions } = schema;

export interface WatchingMove {
  id: number;
  userId: number | null;
  isWatching: number;
}

/** The state the clock gives a session's tickets at `now`. */
export function watchingStateAt(session: { startTime: Date; endTime: Date }, now: Date): 0 | 1 | 2 {
  if (now >= session.endTime) return 2;
  return now >= session.startTime ? 1 : 0;
}

/**
 * Moves the tickets of one session — or of every session when none is named (the sweep) — to
 * the state of `now`, and answers the tickets this call moved (their owners' pages are told).
 */
export function advanceWatching(
  ctx: Parameters<typeof write>[0],
  now: Date,
  sessionId?: number,
): Promise<WatchingMove[]> {
  return write(ctx, async (tx, changed) => {
    const moved = await moveWatching(tx, now, sessionId);
    if (moved.length > 0) changed({ what: 'watching', ticketIds: moved.map((t) => t.id) });
    return moved;
  });
}

function moveWatching(db: Db, now: Date, sessionId?: number): Promise<WatchingMove[]> {
  const target: SQL<number> = sql`(case when ${sessions.endTime} <= ${now} then 2 else 1 end)`;
  return db
    .update(tickets)
    .set({ isWatching: target })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, tickets.sessionId),
        lte(sessions.startTime, now),
        lt(tickets.isWatching, 2),
        lt(tickets.isWatching, target),
        sessionId === undefined ? undefined : eq(tickets.sessionId, sessionId),
      ),
    )
    .returning({ id: tickets.id, userId: tickets.userId, isWatching: tickets.isWatching });
}
