/**
 * The price of the chosen seats in the browser: the contract's pure quote() (the one the server runs
 * again in the order's transaction) fed with the session's prices, the ticket types and each seat's
 * zone, so the popover and the checkout show a price the moment a seat or a type changes. The server
 * speaks roubles, quote() kopecks: the conversions happen here. A promo code's terms stay on the server
 * (POST /api/orders/quote answers with them applied), so a quote with a code comes from there.
 */
import {
  ADULT_TICKET_TYPE,
  kopecksOf,
  quote,
  QuoteError,
  roublesOf,
  type PriceTable,
  type QuoteTicketType,
  type QuoteView,
  type SeatCode,
  type SeatSessionView,
  type TicketType,
} from '@kino/backend/contract';

/** The session's prices (roubles) as quote() reads them (kopecks). */
export function priceTable(prices: SeatSessionView['prices']): PriceTable {
  return Object.fromEntries(
    Object.entries(prices).map(([zone, cells]) => [
      zone,
      Object.fromEntries(Object.entries(cells).map(([type, roubles]) => [type, kopecksOf(roubles)])),
    ]),
  );
}

/** Ticket types as quote() reads them: a fixed price in kopecks, a percentage as it is. */
export const quoteTypes = (types: readonly TicketType[]): QuoteTicketType[] =>
  types.map((t) => ({ code: t.code, rule: t.rule, value: t.rule === 'fixed' ? kopecksOf(t.value) : t.value }));

/** The types a viewer may choose: the active ones, 'Взрослый' first. */
export const choosableTypes = (types: readonly TicketType[]): TicketType[] =>
  types
    .filter((t) => t.active)
    .toSorted((a, b) => Number(b.code === ADULT_TICKET_TYPE) - Number(a.code === ADULT_TICKET_TYPE));

export interface ChosenLine {
  seat_number: SeatCode;
  ticket_type: string;
}

/** A ticket type per seat of mine, in the order of the seats: the chosen one if it can be sold, else adult. */
export function linesOf(
  seats: readonly SeatCode[],
  chosen: Readonly<Record<string, string>>,
  types: readonly TicketType[],
): ChosenLine[] {
  const open = new Set(choosableTypes(types).map((t) => t.code));
  return seats.map((seat) => {
    const type = chosen[seat];
    return { seat_number: seat, ticket_type: type && open.has(type) ? type : ADULT_TICKET_TYPE };
  });
}

/**
 * What these lines cost, without a promo code, in the server's shape (roubles); null when it cannot
 * be told (a seat whose zone has no price on the session's card, a type the cinema no longer has).
 */
export function localQuote(
  session: Pick<SeatSessionView, 'prices' | 'session_date' | 'no_discount_until'>,
  types: readonly TicketType[],
  zones: ReadonlyMap<SeatCode, string>,
  lines: readonly ChosenLine[],
): QuoteView | null {
  try {
    const made = quote({
      card: priceTable(session.prices),
      types: quoteTypes(types),
      lines: lines.map((l) => ({
        seat: l.seat_number,
        zone: zones.get(l.seat_number) ?? 'standard',
        ticketType: l.ticket_type,
      })),
      promo: null,
      sessionDate: session.session_date,
      noDiscountUntil: session.no_discount_until,
    });
    return {
      lines: made.lines.map((l) => ({
        seat_number: l.seat,
        zone: l.zone,
        ticket_type: l.ticketType,
        base: roublesOf(l.base),
        type_discount: roublesOf(l.typeDiscount),
        promo_discount: roublesOf(l.promoDiscount),
        price: roublesOf(l.price),
      })),
      total: roublesOf(made.total),
      promo: null,
      promo_error: null,
      discounts_forbidden: made.discountsForbidden,
    };
  } catch (err) {
    if (err instanceof QuoteError) return null;
    throw err;
  }
}

/** The zone's adult price (roubles) on the session's card, for the legend; null when the card has none. */
export const zonePrice = (prices: SeatSessionView['prices'], zone: string): number | null =>
  prices[zone]?.[ADULT_TICKET_TYPE] ?? null;

/** What the quote's lines took off in all, in roubles (two decimals kept exact through kopecks). */
export function discounts(view: Pick<QuoteView, 'lines'>): { base: number; type: number; promo: number } {
  const sum = (pick: (l: QuoteView['lines'][number]) => number) =>
    roublesOf(view.lines.reduce((total, l) => total + kopecksOf(pick(l)), 0));
  return { base: sum((l) => l.base), type: sum((l) => l.type_discount), promo: sum((l) => l.promo_discount) };
}

/**
 * The new quote a 409 price_changed carries (details.quote, or the details themselves), checked by
 * shape: the client does not ship the contract's schemas.
 */
export function quoteOfConflict(details: unknown): QuoteView | null {
  const candidates = [(details as { quote?: unknown } | undefined)?.quote, details];
  for (const c of candidates) {
    const q = c as Partial<QuoteView> | undefined;
    if (q && typeof q === 'object' && typeof q.total === 'number' && Array.isArray(q.lines)) {
      return {
        lines: q.lines,
        total: q.total,
        promo: q.promo ?? null,
        promo_error: q.promo_error ?? null,
        discounts_forbidden: q.discounts_forbidden ?? false,
      };
    }
  }
  return null;
}
