import { createMailer } from '../mailer';
import { defineJob } from '../define-job';

export default defineJob('mail.send', async (mail, { ctx }) => {
  const mailer = createMailer(ctx.config);
  try {
    const sent = await mailer.send(mail);
    ctx.logger.info(
      { to: mail.to, subject: mail.subject, ...sent },
      sent.file ? 'mail written to outbox' : 'mail sent',
    );
    return sent;
  } finally {
    mailer.close();
  }
});
