/**
 * 'Скачать PDF' for one ticket, as the profile's list and an order's page offer it: busy while the
 * PDF comes, and a failed download said in an alert (the page around it stays as it was).
 */
import { useState } from 'react';
import { downloadTicketPdf } from '../api/ticket-pdf';

export function TicketPdfButton({ ticketId, className }: { ticketId: number; className?: string }) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadTicketPdf(ticketId);
    } catch {
      window.alert('Не удалось скачать билет');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => void download()}
      disabled={downloading}
      aria-label={`Скачать PDF, билет №${ticketId}`}
    >
      {downloading ? 'Скачивание...' : 'Скачать PDF'}
    </button>
  );
}
