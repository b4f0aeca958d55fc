import { advanceWatching } from '@kino/backend/modules/tickets';
import { defineJob } from '../define-job';

/** Every minute and at start-up: whatever delayed jobs missed (workers down, a schedule moved) catches up. */
export default defineJob('tickets.watching-sweep', async (_payload, { ctx, log }) => {
  const moved = await advanceWatching(ctx, ctx.clock.now());
  if (moved.length > 0) log.info({ tickets: moved.length }, 'watching sweep moved tickets');
  return { moved: moved.length };
});
