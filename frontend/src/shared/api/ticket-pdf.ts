/**
 * A ticket's PDF saved as ticket_{id}.pdf (docs/product.md §7): the profile's list and an order's page
 * both offer it, so it lives here rather than in either feature.
 */
import { callForBlob } from './client';
import { saveBlob } from './download';

/** Fetches the ticket's PDF and saves it; throws when the download fails. */
export async function downloadTicketPdf(id: number): Promise<void> {
  saveBlob(await callForBlob('GET /tickets/:id/pdf', { params: { id } }), `ticket_${id}.pdf`);
}
