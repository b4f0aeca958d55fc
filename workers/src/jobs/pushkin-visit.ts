import { reportPushkinVisit } from '@kino/backend/modules/pushkin';
import { defineJob } from '../define-job';

/** Records a Pushkin card ticket's visit in the registry at its scan time (PUT /tickets/{id}/visit); retried on failure. */
export default defineJob('pushkin.visit', async ({ ticketId }, { ctx }) => {
  await reportPushkinVisit(ctx, ticketId);
});
