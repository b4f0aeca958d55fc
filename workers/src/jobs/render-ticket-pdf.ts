import fs from 'node:fs/promises';
import path from 'node:path';
import { presentTicket } from '@kino/backend/modules/tickets/presenter';
import { findTicketsWithRelations } from '@kino/backend/modules/tickets/queries';
import { defineJob } from '../define-job';
import { renderTicketPdf, ticketCode } from '../tickets/ticket-pdf';

/** Where a ticket's PDF is written: <storage>/tickets/<id>.pdf. */
export const ticketPdfPath = (storageDir: string, ticketId: number) =>
  path.join(storageDir, 'tickets', `${ticketId}.pdf`);

export default defineJob('tickets.render-pdf', async ({ ticketIds }, { ctx }) => {
  const tickets = await findTicketsWithRelations(ctx.db, ticketIds);
  await fs.mkdir(path.join(ctx.config.storageDir, 'tickets'), { recursive: true });
  const files: string[] = [];
  for (const row of tickets) {
    const ticket = presentTicket(row);
    const pdf = await renderTicketPdf(ticket, ticketCode(ctx.config.appSecret, ticket));
    const file = ticketPdfPath(ctx.config.storageDir, ticket.id);
    // Written aside and renamed: a download never sees half a file.
    await fs.writeFile(`${file}.tmp`, pdf);
    await fs.rename(`${file}.tmp`, file);
    files.push(file);
  }
  ctx.logger.info({ ticketIds, files: files.length }, 'ticket PDFs rendered');
  return { files };
});
