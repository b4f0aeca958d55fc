/**
 * One ticket as an A6 PDF: the cinema, the film and its age limit, the session in Russian, the
 * hall, row and seat, the price, the holder, the ticket number, and the check-in code as a QR code
 * and as text. A refunded ticket says so across the page. Text uses DejaVu Sans (lib/documents/pdf.ts): PDF's
 * built-in fonts have no Cyrillic.
 */
import { cinemaName } from '../../contract/cinema';
import { LIVE_TICKET_STATUS, STANDARD_ZONE, TICKET_STATUS_LABELS } from '../../contract/constants';
import { formatRoubles, formatSessionTime } from '../../contract/format';
import { parseSeatCode } from '../../contract/seats';
import type { CinemaSettings } from '../../contract/settings';
import type { TicketView } from '../../contract/tickets';
import { renderPdf, type PdfPage } from '../../lib/documents/pdf';
import QRCode from 'qrcode';

/** Bump when the layout changes: stored PDFs are named after what they show, this included. */
export const TICKET_PDF_LAYOUT = 2;

const MARGIN = 24;

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
export const THERMAL_80MM: PdfPage = [(80 / 25.4) * 72, 400];

/** `cinema`: the settings (cinemaSettings(ctx)), whose name heads the ticket. */
export function renderTicketPdf(ticket: TicketView, code: string, cinema: CinemaSettings | null): Promise<Buffer> {
  return renderTicketsPdf([{ ticket, code }], 'A6', cinema);
}

/** Several tickets in one document, one a page (the till prints an order's tickets at once: 80 mm or A4). */
export function renderTicketsPdf(
  items: { ticket: TicketView; code: string }[],
  size: PdfPage,
  cinema: CinemaSettings | null,
): Promise<Buffer> {
  const first = items[0]!.ticket;
  const title =
    items.length === 1
      ? `Билет №${first.id} — ${first.schedule.movie.title}`
      : `Билеты — ${first.schedule.movie.title}`;
  const name = cinemaName(cinema);
  return renderPdf({ title, author: name, size, margin: MARGIN, autoFirstPage: false }, (doc) => {
    for (const { ticket, code } of items) {
      doc.addPage({ size, margin: MARGIN });
      drawTicket(doc, ticket, code, name);
    }
  });
}

function drawTicket(doc: PDFKit.PDFDocument, ticket: TicketView, code: string, cinema: string) {
  const { schedule } = ticket;
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(10).fillColor('#6b21a8').text(cinema, { width });
  doc.font('regular').fontSize(8).fillColor('#555555').text(`Билет №${ticket.id}`, { width });
  doc.moveDown(0.6);
  doc.font('bold').fontSize(15).fillColor('#000000').text(schedule.movie.title, { width });
  doc.font('regular').fontSize(9).text(`${schedule.movie.age}+`, { width });
  doc.moveDown(0.6);
  const line = (label: string, value: string) => {
    doc.font('regular').fontSize(8).fillColor('#555555').text(label, { width });
    doc.font('bold').fontSize(11).fillColor('#000000').text(value, { width });
    doc.moveDown(0.3);
  };
  const { row, place } = parseSeatCode(ticket.seat_number);
  line('Сеанс', formatSessionTime(schedule.start_time));
  line('Зал', schedule.hall.name);
  const zone = ticket.zone.code === STANDARD_ZONE ? '' : ` (${ticket.zone.name})`;
  line('Место', `Ряд ${row}, место ${place}${zone}`);
  line('Билет', `${ticket.ticket_type.name}, ${formatRoubles(ticket.price)}`);
  if (ticket.ticket_type.check_document) {
    doc.font('regular').fontSize(8).fillColor('#b91c1c').text('Покажите документ на входе', { width });
    doc.moveDown(0.3);
  }
  line('Зритель', ticket.user.fio);

  const qrSize = 96;
  const qrTop = doc.page.height - MARGIN - qrSize - 14;
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
