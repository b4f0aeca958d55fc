/**
 * One ticket as an A6 PDF: the cinema, the film and its age limit, the session in Russian, the
 * hall, row and seat, the price, the holder, the ticket number, and the check-in code as a QR code
 * and as text. A refunded ticket says so across the page. Text uses DejaVu Sans (shipped as an
 * npm package): PDF's built-in fonts have no Cyrillic.
 */
import { createRequire } from 'node:module';
import { CINEMA, LIVE_TICKET_STATUS, TICKET_STATUS_LABELS } from '../../contract/constants';
import { formatRoubles, formatSessionTime } from '../../contract/format';
import { parseSeatCode } from '../../contract/seats';
import type { TicketView } from '../../contract/tickets';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

export function renderTicketPdf(ticket: TicketView, code: string): Promise<Buffer> {
  const { schedule } = ticket;
  const doc = new PDFDocument({
    size: 'A6',
    margin: MARGIN,
    info: { Title: `Билет №${ticket.id} — ${schedule.movie.title}`, Author: CINEMA.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(10).fillColor('#6b21a8').text(CINEMA.name, { width });
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
  line('Место', `Ряд ${row}, место ${place}`);
  line('Цена', formatRoubles(ticket.price));
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
  doc.end();
  return done;
}
