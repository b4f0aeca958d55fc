/**
 * One ticket as an A6 PDF: the cinema, the film, the session, the hall, the seat, the price, the
 * holder, and a QR code the door can scan. Text uses DejaVu Sans (shipped as an npm package):
 * PDF's built-in fonts have no Cyrillic.
 */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { CINEMA, formatRoubles, formatSessionTime, seatLabel, type TicketView } from '@kino/backend/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * What the QR code holds: the ticket, its session and seat, signed with the app secret so that
 * a code cannot be made up ('KINO-12-3-r5m6-<signature>').
 */
export function ticketCode(secret: string, ticket: Pick<TicketView, 'id' | 'seat_number' | 'schedule'>): string {
  const body = `KINO-${ticket.id}-${ticket.schedule.id}-${ticket.seat_number}`;
  return `${body}-${createHmac('sha256', secret).update(body).digest('base64url').slice(0, 16)}`;
}

/** Draws the QR code as vector squares at (x, y), `size` points wide. */
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
    margin: 24,
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
  const width = doc.page.width - 48;
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
  line('Сеанс', formatSessionTime(schedule.start_time));
  line('Зал', schedule.hall.name);
  line('Место', seatLabel(ticket.seat_number));
  line('Цена', formatRoubles(ticket.price));
  line('Зритель', ticket.user.fio);
  const qrSize = 96;
  drawQr(doc, code, doc.page.width - 24 - qrSize, doc.page.height - 24 - qrSize - 14, qrSize);
  doc
    .font('regular')
    .fontSize(6)
    .fillColor('#555555')
    .text(code, 24, doc.page.height - 24 - 10, { width, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
