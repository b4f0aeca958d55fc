/**
 * Seat maps after a committed sale or refund (a duty of the effects table): Redis learns the seats
 * are sold or free again, and its script tells every open map of the session.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { occupiesSeatSql } from '../tickets/state';
import { SeatStore } from './store';

type SeatSyncContext = Pick<AppContext, 'redis' | 'db' | 'keys' | 'config' | 'logger' | 'clock'>;

/**
 * Of the refunded seats, those with no live ticket now: a late or repeated run never frees a seat
 * bought again meanwhile (nobody can buy a refunded seat before the first run: Redis has it sold).
 */
async function stillFree(ctx: SeatSyncContext, sessionId: number, seats: string[]): Promise<string[]> {
  const { tickets } = schema;
  const sold = await ctx.db
    .select({ seat: tickets.seatNumber })
    .from(tickets)
    .where(and(eq(tickets.sessionId, sessionId), inArray(tickets.seatNumber, seats), occupiesSeatSql()));
  const resold = new Set(sold.map((t) => t.seat));
  return seats.filter((seat) => !resold.has(seat));
}

export async function syncSeats(
  ctx: SeatSyncContext,
  {
    sessionId,
    sold = [],
    freed = [],
    heldFor,
  }: { sessionId: number; sold?: string[]; freed?: string[]; heldFor?: number },
): Promise<void> {
  // The scripts publish the change to every open map themselves (realtime/seat-feed.ts).
  const store = new SeatStore(ctx);
  if (sold.length > 0) await store.sell(sessionId, sold);
  const free = freed.length > 0 ? await stillFree(ctx, sessionId, freed) : [];
  if (free.length > 0) await store.unsell(sessionId, free, heldFor);
}
