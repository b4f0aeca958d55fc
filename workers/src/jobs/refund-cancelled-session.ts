import { settleCancelledSession } from '@kino/backend/modules/schedules';
import { defineJob } from '../define-job';

/** A cancelled session's orders: cancelled or refunded by their channel, then its buyers mailed; resumable. */
export default defineJob('sessions.refund-cancelled', async ({ sessionId }, { ctx, log }) => {
  const report = await settleCancelledSession(ctx, sessionId);
  log.info({ sessionId, ...report }, 'cancelled session settled');
  return report;
});
