/**
 * The ЕАИС exchange format, and only here: one document per session with its sales and
 * refunds not yet reported. JSON, UTF-8, sums in kopecks, times as ISO 8601 instants with the
 * cinema's offset. The operator's exact format must be confirmed before production
 * (docs/architecture.md, "Sessions change and ЕАИС"): a change of format is a change of this file alone.
 */
import { toCinemaIso, toCinemaTime } from '../../contract/time';

export interface EaisLine {
  operation: 'sale' | 'refund';
  ticketId: number;
  hallId: number;
  sessionId: number;
  sessionStart: Date;
  puNumber: string | null;
  filmId: number;
  filmTitle: string;
  row: number;
  seat: number;
  priceKopecks: number;
  discountKopecks: number;
  ticketType: string;
  channel: string;
  paymentMethod: string;
  paymentId: string | null;
  soldAt: Date | null;
  refundedAt: Date | null;
}

export interface EaisDocument {
  /** The file name (DATA_DIR/eais/) or the upload's name. */
  name: string;
  contentType: string;
  body: string;
}

const iso = (at: Date | null) => (at ? toCinemaIso(toCinemaTime(at)) : null);

/** One session's unreported lines as the document delivered to ЕАИС. */
export function eaisDocument(cinemaId: string, sessionId: number, lines: EaisLine[], now: Date): EaisDocument {
  const first = lines[0]!;
  const body = {
    format: 'kino-eais-1',
    cinema_id: cinemaId,
    generated_at: toCinemaIso(toCinemaTime(now)),
    session: {
      id: sessionId,
      hall_id: first.hallId,
      date: toCinemaTime(first.sessionStart).slice(0, 10),
      time: toCinemaTime(first.sessionStart).slice(11, 16),
      pu_number: first.puNumber,
      film_id: first.filmId,
      film: first.filmTitle,
    },
    tickets: lines.map((l) => ({
      operation: l.operation,
      ticket_id: l.ticketId,
      row: l.row,
      seat: l.seat,
      price_kopecks: l.priceKopecks,
      discount_kopecks: l.discountKopecks,
      ticket_type: l.ticketType,
      channel: l.channel,
      payment_method: l.paymentMethod,
      payment_id: l.paymentId,
      sold_at: iso(l.soldAt),
      refunded_at: iso(l.refundedAt),
    })),
  };
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return {
    name: `${stamp}-session-${sessionId}.json`,
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}
