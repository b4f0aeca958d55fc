/**
 * Stored ticket PDFs: <storage>/tickets/<id>/<fingerprint>.pdf, where the fingerprint is a hash of
 * everything the PDF shows (and of the layout). A PDF therefore never goes stale: once the ticket
 * is refunded, or its film renamed, the current fingerprint names a file that does not exist yet
 * and is rendered. Rendering the same ticket twice at once (two workers, or the download endpoint
 * and a worker) writes the same bytes; each writer renames its own temporary file into place.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CinemaSettings } from '../../contract/settings';
import type { AppContext } from '../../context';
import { cinemaSettings } from '../settings/cinema';
import { renderTicketPdf, TICKET_PDF_LAYOUT } from './pdf';
import { presentTicket, ticketCode, type TicketWithRelations } from './presenter';
import { findTicketsWithRelations } from './queries';

export interface TicketPdf {
  ticketId: number;
  /** Absolute path of the stored PDF. */
  file: string;
  /** The name a download is saved as. */
  filename: string;
}

type PdfContext = Pick<AppContext, 'db' | 'config'>;

const ticketDir = (storageDir: string, ticketId: number) => path.join(storageDir, 'tickets', String(ticketId));

/** Renders the ticket's PDF unless the current one is stored; removes the ticket's outdated PDFs. */
async function storeTicketPdf(
  ctx: PdfContext,
  row: TicketWithRelations,
  cinema: CinemaSettings | null,
): Promise<TicketPdf> {
  const ticket = presentTicket(row);
  const code = ticketCode(ctx.config.appSecret, row);
  // The cinema's details are part of what it shows: renamed, its tickets are rendered again.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ layout: TICKET_PDF_LAYOUT, ticket, code, cinema }))
    .digest('hex')
    .slice(0, 16);
  const dir = ticketDir(ctx.config.storageDir, row.id);
  const file = path.join(dir, `${fingerprint}.pdf`);
  const stored = { ticketId: row.id, file, filename: `ticket_${row.id}.pdf` };
  const existing = await fs.readdir(dir).catch(() => [] as string[]);
  if (!existing.includes(path.basename(file))) {
    await fs.mkdir(dir, { recursive: true });
    // Written aside and renamed: a download never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, await renderTicketPdf(ticket, code, cinema));
    await fs.rename(tmp, file);
  }
  const outdated = existing.filter((name) => name.endsWith('.pdf') && name !== path.basename(file));
  await Promise.all(outdated.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return stored;
}

/** The current PDF of each ticket that exists, rendered where missing, in id order. */
export async function ensureTicketPdfs(ctx: PdfContext, ticketIds: number[]): Promise<TicketPdf[]> {
  const rows = await findTicketsWithRelations(ctx.db, ticketIds);
  const cinema = await cinemaSettings(ctx);
  const pdfs: TicketPdf[] = [];
  for (const row of rows) pdfs.push(await storeTicketPdf(ctx, row, cinema));
  return pdfs;
}

/**
 * The ticket's current PDF for a download: the stored one, or rendered now when the job has not
 * got to it yet (a fraction of a second), so a download never has to wait for the queue.
 * Undefined when there is no such ticket; the caller checks who may have it.
 */
export async function ensureTicketPdf(ctx: PdfContext, ticketId: number): Promise<TicketPdf | undefined> {
  const [pdf] = await ensureTicketPdfs(ctx, [ticketId]);
  return pdf;
}
