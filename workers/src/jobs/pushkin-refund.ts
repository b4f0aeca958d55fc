import { reportPushkinRefund } from '@kino/backend/modules/pushkin';
import { defineJob } from '../define-job';

/** Records a Pushkin card ticket's refund in the registry (PUT /tickets/{id}/refund); retried on a failure reply. */
export default defineJob('pushkin.refund', async ({ ticketId }, { ctx }) => {
  await reportPushkinRefund(ctx, ticketId);
});
