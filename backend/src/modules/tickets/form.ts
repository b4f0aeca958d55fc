/**
 * The ticket as the cinema's form (docs/architecture.md, "The cash register"): what a printed ticket
 * carries for a ticket form and a receipt together — the organisation (name, INN, address from the cinema's
 * settings), the series and number, the film and its age mark, the date and time, the hall, row and seat,
 * the ticket type and price, the payment form, and for a counter sale the register's fiscal data with the
 * receipt's QR (`t=…&s=…&fn=…&i=…&fp=…&n=1`, the string every Russian receipt's QR carries). Which
 * requisites the Ministry of Culture's form requires is still to be confirmed (REGISTRIES.md §5): they are
 * chosen here, in this one module, and pdf.ts only draws them.
 */
import { cinemaName } from '../../contract/cinema';
import type { PaymentMethod } from '../../contract/constants';
import { STANDARD_ZONE } from '../../contract/constants';
import type { FiscalData } from '../../contract/fiscal';
import { formatRoubles, formatSessionTime } from '../../contract/format';
import { parseSeatCode } from '../../contract/seats';
import type { CinemaSettings } from '../../contract/settings';
import type { TicketView } from '../../contract/tickets';

/** The series printed on Kino's tickets; the number is the ticket's own (unique, never reused). */
export const TICKET_SERIES = 'КБ';

/** How the ticket was paid, as a receipt's «форма расчёта» names it. */
export const PAYMENT_FORMS: Record<PaymentMethod, string> = {
  online: 'безналичными, онлайн',
  cash: 'наличными',
  card: 'безналичными, банковской картой',
  sbp: 'безналичными, СБП',
  pushkin: 'безналичными, Пушкинской картой',
};

/** How the ticket was sold: how it was paid and, at the counter, the receipt of its sale. */
export interface TicketSale {
  paymentMethod: PaymentMethod;
  /** The register's receipt of the sale and its total (roubles); null online or while a correction waits. */
  receipt: { fiscal: FiscalData; total: number } | null;
}

/** A website's ticket: paid online, its receipt the provider's (sent by mail). */
export const ONLINE_SALE: TicketSale = { paymentMethod: 'online', receipt: null };

/** The receipt's QR: `t=20261129T1905&s=900.00&fn=…&i=…&fp=…&n=1` (n=1: приход). */
export function receiptQrText(fiscal: FiscalData, total: number): string {
  const [date, time] = fiscal.datetime.split(' ') as [string, string];
  const t = `${date.replaceAll('-', '')}T${time.slice(0, 5).replace(':', '')}`;
  return `t=${t}&s=${total.toFixed(2)}&fn=${fiscal.fn_number}&i=${fiscal.document_number}&fp=${fiscal.fiscal_sign}&n=1`;
}

export interface TicketForm {
  /** The cinema's name, heading the ticket. */
  cinema: string;
  /** The seller: legal name, INN, legal address (none while the cinema's settings are empty). */
  organisation: string[];
  /** «Билет №123 · серия КБ». */
  number: string;
  film: string;
  age: string;
  /** Label and value, in print order. */
  rows: [string, string][];
  /** Ask for a document at the door (a reduced-price ticket). */
  documentNote: boolean;
  /** The receipt's requisites, and its QR's text; null without a register receipt. */
  fiscal: { rows: [string, string][]; qr: string } | null;
}

export function ticketForm(ticket: TicketView, cinema: CinemaSettings | null, sale: TicketSale): TicketForm {
  const { schedule } = ticket;
  const { row, place } = parseSeatCode(ticket.seat_number);
  const zone = ticket.zone.code === STANDARD_ZONE ? '' : ` (${ticket.zone.name})`;
  const receipt = sale.receipt;
  return {
    cinema: cinemaName(cinema),
    organisation: cinema ? [cinema.legal_name, `ИНН ${cinema.inn}`, cinema.legal_address] : [],
    number: `Билет №${ticket.id} · серия ${TICKET_SERIES}`,
    film: schedule.movie.title,
    age: `${schedule.movie.age}+`,
    rows: [
      ['Сеанс', formatSessionTime(schedule.start_time)],
      ['Зал', schedule.hall.name],
      ['Место', `Ряд ${row}, место ${place}${zone}`],
      ['Билет', `${ticket.ticket_type.name}, ${formatRoubles(ticket.price)}`],
      ['Оплата', PAYMENT_FORMS[sale.paymentMethod]],
      ['Зритель', ticket.user.fio],
    ],
    documentNote: ticket.ticket_type.check_document,
    fiscal: receipt && {
      rows: [
        ['Кассовый чек', `№${receipt.fiscal.receipt_number}, смена №${receipt.fiscal.shift_number}`],
        ['Приход', formatRoubles(receipt.total)],
        ['Дата', receipt.fiscal.datetime.slice(0, 16)],
        ['ФН', receipt.fiscal.fn_number],
        ['ФД', String(receipt.fiscal.document_number)],
        ['ФП', receipt.fiscal.fiscal_sign],
        ['РН ККТ', receipt.fiscal.registration_number],
      ],
      qr: receiptQrText(receipt.fiscal, receipt.total),
    },
  };
}
