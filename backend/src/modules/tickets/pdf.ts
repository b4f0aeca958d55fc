/**
 * Tickets as PDFs (A6 from the website; 80 mm and A4 at the till): the form's requisites (form.ts, the
 * one place that says what a ticket carries) drawn one ticket a page, with the check-in code as a QR code
 * and as text, and a counter sale's receipt QR. A refunded ticket says so across the page. Text uses DejaVu Sans (lib/documents/pdf.ts): PDF's
 * built-in fonts have no Cyrillic.
 */
import { cinemaName } from '../../contract/cinema';
import { LIVE_TICKET_STATUS, TICKET_STATUS_LABELS } from '../../contract/constants';
import type { CinemaSettings } from '../../contract/settings';
import type { TicketView } from '../../contract/tickets';
import { renderPdf, type PdfPage } from '../../lib/documents/pdf';
import QRCode from 'qrcode';
import { ONLINE_SALE, ticketForm, type TicketForm, type TicketSale } from './form';

/** Bump when the layout changes: stored PDFs are named after what they show, this included. */
export const TICKET_PDF_LAYOUT = 3;

const MARGIN = 24;
/** The receipt's QR, left of the check-in code with a quiet zone between them even on 80 mm paper. */
const RECEIPT_QR = 64;

/** Draws the QR code as vector squares at (x, y), `size` points wide, with its quiet zone left white. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** The till's thermal printer: 80 mm paper (72 mm printable, pdfkit's points are 1/72 inch), one ticket a slip. */
export const THERMAL_80MM: PdfPage = [(80 / 25.4) * 72, 520];

/** `cinema`: the settings (cinemaSettings(ctx)), whose name heads the ticket. A website's ticket, paid online. */
export function renderTicketPdf(ticket: TicketView, code: string, cinema: CinemaSettings | null): Promise<Buffer> {
  return renderTicketsPdf([{ ticket, code, sale: ONLINE_SALE }], 'A6', cinema);
}

/** Several tickets in one document, one a page (the till prints an order's tickets at once: 80 mm or A4). */
export function renderTicketsPdf(
  items: { ticket: TicketView; code: string; sale: TicketSale }[],
  size: PdfPage,
  cinema: CinemaSettings | null,
): Promise<Buffer> {
  const first = items[0]!.ticket;
  const title =
    items.length === 1
      ? `Билет №${first.id} — ${first.schedule.movie.title}`
      : `Билеты — ${first.schedule.movie.title}`;
  return renderPdf({ title, author: cinemaName(cinema), size, margin: MARGIN, autoFirstPage: false }, (doc) => {
    for (const { ticket, code, sale } of items) {
      doc.addPage({ size, margin: MARGIN });
      drawTicket(doc, ticket, code, ticketForm(ticket, cinema, sale));
    }
  });
}

function drawTicket(doc: PDFKit.PDFDocument, ticket: TicketView, code: string, form: TicketForm) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(10).fillColor('#6b21a8').text(form.cinema, { width });
  for (const line of form.organisation) doc.font('regular').fontSize(6.5).fillColor('#555555').text(line, { width });
  doc.font('regular').fontSize(8).fillColor('#555555').text(form.number, { width });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(14).fillColor('#000000').text(form.film, { width });
  doc.font('bold').fontSize(11).text(form.age, { width });
  doc.moveDown(0.4);
  const line = ([label, value]: [string, string], size = 9) => {
    doc
      .font('regular')
      .fontSize(size - 2)
      .fillColor('#555555')
      .text(`${label}: `, { width, continued: true })
      .font('bold')
      .fontSize(size)
      .fillColor('#000000')
      .text(value);
  };
  for (const row of form.rows) line(row);
  if (form.documentNote) {
    doc.font('regular').fontSize(8).fillColor('#b91c1c').text('Покажите документ на входе', { width });
  }
  if (form.fiscal) {
    doc.moveDown(0.4);
    for (const row of form.fiscal.rows) line(row, 7);
  }

  const qrSize = 96;
  const qrTop = doc.page.height - MARGIN - qrSize - 14;
  // The receipt's QR (left), for the viewer's tax app, beside the door's check-in code (right).
  if (form.fiscal) {
    drawQr(doc, form.fiscal.qr, MARGIN, qrTop, RECEIPT_QR);
    doc
      .font('regular')
      .fontSize(6)
      .fillColor('#555555')
      .text('QR-код чека', MARGIN, qrTop + RECEIPT_QR + 2, { lineBreak: false });
  }
  if (ticket.status === LIVE_TICKET_STATUS) {
    drawQr(doc, code, doc.page.width - MARGIN - qrSize, qrTop, qrSize);
  } else {
    // No scannable code on a ticket that no longer admits anyone: the stamp takes its place.
    doc
      .font('bold')
      .fontSize(16)
      .fillColor('#b91c1c')
      .text(`БИЛЕТ ${TICKET_STATUS_LABELS[ticket.status].toUpperCase()}`, MARGIN, qrTop + 20, { width, align: 'right' })
      .font('regular')
      .fontSize(8)
      .text('Недействителен для входа', { width, align: 'right' });
  }
  doc
    .font('regular')
    .fontSize(6)
    .fillColor('#555555')
    .text(code, MARGIN, doc.page.height - MARGIN - 10, { width, align: 'right', lineBreak: false });
}
