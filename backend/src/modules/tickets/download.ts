/**
 * GET /api/tickets/{id}/pdf: the ticket's owner, or staff whose role may read tickets, gets its PDF.
 * Anyone else is told there is no such ticket (ids reveal nothing). The PDF is the stored one, or
 * rendered now when its job has not run yet, so a download never fails because the queue is behind.
 */
import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { can } from '../../contract/access';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import { ensureTicketPdf } from './pdf-files';

export interface TicketPdfDownload {
  filename: string;
  bytes: Buffer;
}

const noSuchTicket = () => notFound('Билет не найден');

export async function downloadTicketPdf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: AuthUser,
  ticketId: number,
): Promise<TicketPdfDownload> {
  const ticket = await ctx.db.query.tickets.findFirst({
    where: eq(schema.tickets.id, ticketId),
    columns: { userId: true },
  });
  // Checked before rendering: a stranger's request costs one lookup, not a PDF.
  if (!ticket || (ticket.userId !== user.id && !can(user.role, 'tickets', 'read'))) throw noSuchTicket();
  // A render for a change made meanwhile (a refund) replaces the file between our render and our
  // read: the second round reads the newer one.
  for (let attempt = 1; ; attempt++) {
    const pdf = await ensureTicketPdf(ctx, ticketId);
    if (!pdf) throw noSuchTicket();
    try {
      return { filename: pdf.filename, bytes: await fs.readFile(pdf.file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 2) throw err;
    }
  }
}
