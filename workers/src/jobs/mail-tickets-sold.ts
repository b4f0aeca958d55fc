/** The buyer's mail after a purchase: the tickets, each as its PDF (rendered here if the PDF job has not yet). */
import { LIVE_TICKET_STATUS } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import { ensureTicketPdfs } from '@kino/backend/modules/tickets/pdf-files';
import { presentTicket } from '@kino/backend/modules/tickets/presenter';
import { findTicketsWithRelations } from '@kino/backend/modules/tickets/queries';
import { eq } from 'drizzle-orm';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { ticketsSoldMail } from '../tickets/mails';

export default defineJob('mail.tickets-sold', async ({ userId, ticketIds }, { ctx, log }) => {
  const user = await ctx.db.query.users.findFirst({ where: eq(schema.users.id, userId) });
  // Tickets refunded before the mail went out are not sent.
  const tickets = (await findTicketsWithRelations(ctx.db, ticketIds)).filter(
    (t) => t.userId === userId && t.status === LIVE_TICKET_STATUS,
  );
  if (!user || tickets.length === 0) {
    log.warn({ userId, ticketIds }, 'purchase mail skipped: no such buyer or no live tickets');
    return { skipped: true };
  }
  const pdfs = await ensureTicketPdfs(
    ctx,
    tickets.map((t) => t.id),
  );
  const content = ticketsSoldMail(user.fio, tickets.map(presentTicket), {
    siteUrl: ctx.config.publicUrl,
    refundCutoffMinutes: ctx.config.refundCutoffMinutes,
  });
  return deliver(ctx.config, log, {
    to: user.email,
    ...content,
    attachments: pdfs.map((pdf) => ({ filename: pdf.filename, path: pdf.file, contentType: 'application/pdf' })),
  });
});
