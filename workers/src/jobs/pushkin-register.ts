import { refundRefusedPushkinTicket } from '@kino/backend/modules/orders';
import { registerPushkinTicket } from '@kino/backend/modules/pushkin';
import { defineJob } from '../define-job';

/**
 * Registers a paid Pushkin card ticket in the registry (modules/pushkin). A failure reply fails the job (retried,
 * the next attempt asking by barcode first); a refusal is recorded, shown to staff, and the money goes back.
 */
export default defineJob('pushkin.register', async ({ ticketId }, { ctx, log }) => {
  const outcome = await registerPushkinTicket(ctx, ticketId);
  if (outcome !== 'refused') return { outcome };
  log.warn({ ticketId }, 'the Pushkin card registry refused a ticket: its money goes back');
  const refund = await refundRefusedPushkinTicket(ctx, ticketId, 'регистрация отклонена');
  return { outcome, refund };
});
