import { ensureTicketPdfs } from '@kino/backend/modules/tickets';
import { defineJob } from '../define-job';

/** Idempotent: a PDF that shows the ticket as it is now is kept, an outdated one replaced. */
export default defineJob('tickets.render-pdf', async ({ ticketIds }, { ctx, log }) => {
  const pdfs = await ensureTicketPdfs(ctx, ticketIds);
  log.info({ ticketIds, files: pdfs.length }, 'ticket PDFs ready');
  return { files: pdfs.map((pdf) => pdf.file) };
});
