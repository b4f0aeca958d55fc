/**
 * A password reset mail: the link's token is made here, as the mail is rendered, and only its hash is stored
 * (modules/auth/password-reset.ts), so the job's payload, the outbox and the logs hold the reset's id alone.
 * A retry makes a new token, and the link of an earlier attempt stops working.
 */
import { issueResetLink } from '@kino/backend/modules/auth';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';

export default defineJob('mail.password-reset', async ({ resetId }, { ctx, log }) => {
  const mail = await issueResetLink(ctx, resetId);
  if (!mail) {
    log.info({ resetId }, 'reset mail skipped: the link was used or has expired');
    return { skipped: true };
  }
  return deliver(ctx, log, mail);
});
