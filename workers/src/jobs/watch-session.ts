import { advanceWatching } from '@kino/backend/modules/tickets';
import { defineJob } from '../define-job';

/**
 * A delayed job may fire a moment before its time by another machine's clock: the session's edge
 * is reached this much early rather than left to the next sweep.
 */
const CLOCK_SKEW_MS = 2000;

export default defineJob('tickets.watching', async ({ sessionId }, { ctx, log }) => {
  const moved = await advanceWatching(ctx, new Date(ctx.clock.now().getTime() + CLOCK_SKEW_MS), sessionId);
  if (moved.length > 0) log.info({ sessionId, tickets: moved.length }, 'watching states moved');
  return { moved: moved.length };
});
