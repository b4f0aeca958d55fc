/**
 * What the buyer is told they pay for: the payment's description and the 54-FZ receipt's items, one
 * per ticket (film, date and time, row and seat). The provider allows 128 characters per text.
 */
import { formatShortTime } from '../../contract/format';
import { parseSeatCode } from '../../contract/seats';
import { toCinemaTime } from '../../contract/time';
import type { Receipt } from '../../payments/provider';

const LIMIT = 128;

export interface ReceiptLine {
  seatNumber: string;
  priceKopecks: number;
}

export interface ReceiptSession {
  startTime: Date;
  film: { title: string };
}

const clip = (text: string) => (text.length <= LIMIT ? text : `${text.slice(0, LIMIT - 1)}…`);

/** 'Билет: Матрица, 22.11.2026 19:30, ряд 5, место 6' (the film's title shortened to fit). */
export function ticketItemText(session: ReceiptSession, seatNumber: string): string {
  const { row, place } = parseSeatCode(seatNumber);
  const tail = `, ${formatShortTime(toCinemaTime(session.startTime))}, ряд ${row}, место ${place}`;
  const room = LIMIT - 'Билет: '.length - tail.length;
  const title = session.film.title.length <= room ? session.film.title : `${session.film.title.slice(0, room - 1)}…`;
  return `Билет: ${title}${tail}`;
}

/** The payment's description on the provider's page. */
export const paymentDescription = (orderId: number, session: ReceiptSession, seats: number): string =>
  clip(
    `Заказ №${orderId}: ${session.film.title}, ${formatShortTime(toCinemaTime(session.startTime))}, билетов: ${seats}`,
  );

export const receiptFor = (email: string, session: ReceiptSession, lines: ReceiptLine[]): Receipt => ({
  email,
  items: lines.map((line) => ({
    description: ticketItemText(session, line.seatNumber),
    amountKopecks: line.priceKopecks,
  })),
});
