import { defineJob } from '../define-job';
import { deliver } from '../mailer';

export default defineJob('mail.send', (mail, { ctx, log }) => deliver(ctx, log, mail));
