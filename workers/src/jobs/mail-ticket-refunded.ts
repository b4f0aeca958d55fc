/** The owner's confirmation of a refund. */
import { schema } from '@kino/backend/db';
import { findTicketsWithRelations, presentTicket } from '@kino/backend/modules/tickets';
import { eq } from 'drizzle-orm';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { ticketRefundedMail } from '../tickets/mails';

export default defineJob('mail.ticket-refunded', async ({ ticketId }, { ctx, log }) => {
  const [ticket] = await findTicketsWithRelations(ctx.db, [ticketId]);
  const userId = ticket?.userId;
  const user = userId && (await ctx.db.query.users.findFirst({ where: eq(schema.users.id, userId) }));
  if (!ticket || !user || ticket.status !== 'refunded') {
    log.warn({ ticketId }, 'refund mail skipped: no such refunded ticket');
    return { skipped: true };
  }
  return deliver(ctx, log, {
    to: user.email,
    ...ticketRefundedMail(user.fio, presentTicket(ticket), {
      siteUrl: ctx.config.publicUrl,
      cinema: await cinemaSettings(ctx),
    }),
  });
});
