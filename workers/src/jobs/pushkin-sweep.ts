import { sweepStuckPushkinTickets } from '@kino/backend/modules/pushkin';
import { defineJob } from '../define-job';

/** Every minute: registry calls overdue by PUSHKIN_STUCK_MINUTES go again under their one job id (modules/pushkin/sweep.ts). */
export default defineJob('pushkin.sweep', async (_payload, { ctx }) => {
  const { requeued, inFlight } = await sweepStuckPushkinTickets(ctx);
  return { requeued: requeued.length, inFlight };
});
