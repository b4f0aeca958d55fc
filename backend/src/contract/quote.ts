/**
 * The price of seats, made in one place (docs/architecture.md, "Prices and halls"): the seat popover and the
 * checkout show `quote(...)`, and the server computes it again inside the order's transaction and
 * stores each line's breakdown. Pure and in kopecks: no float arithmetic on money, the same answer
 * in the browser and on the server.
 *
 * A line's price: the zone's price on the session's card (its adult cell) is the base; the ticket
 * type makes its price from it (the card's own cell for that type, else the type's rule); the promo
 * code takes its share off that. While the film's distributor forbids discounts ('без скидок до'),
 * every line costs the base and no code applies. A ticket costs at least MIN_TICKET_KOPECKS.
 */
import { ADULT_TICKET_TYPE, type PromoKind, type TicketTypeRule } from './constants';

/** A payment needs an amount: a ticket costs at least 1 ₽ whatever the discounts. */
export const MIN_TICKET_KOPECKS = 100;

/** A session's card: zone code → ticket type code → kopecks (the adult cell is the zone's price). */
export type PriceTable = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface QuoteTicketType {
  code: string;
  rule: TicketTypeRule;
  /** percent: 1–100 off; fixed: kopecks. */
  value: number;
}

/** A promo code's terms, once the server has found it valid for this buyer and session. */
export interface QuotePromo {
  code: string;
  kind: PromoKind;
  /** percent: 1–100; amount: kopecks off the order. */
  value: number;
}

export interface QuoteLineInput {
  seat: string;
  zone: string;
  ticketType: string;
}

export interface QuoteInput {
  card: PriceTable;
  types: readonly QuoteTicketType[];
  lines: readonly QuoteLineInput[];
  promo: QuotePromo | null;
  /** The session's cinema date, 'YYYY-MM-DD'. */
  sessionDate: string;
  /** The film's 'без скидок до' date (inclusive), or null. */
  noDiscountUntil: string | null;
}

export interface QuotedLine extends QuoteLineInput {
  base: number;
  typeDiscount: number;
  promoDiscount: number;
  price: number;
}

export interface Quote {
  lines: QuotedLine[];
  total: number;
  /** The code applied and what it took off in all; null without one (or when discounts are forbidden). */
  promo: { code: string; discount: number } | null;
  /** The distributor's condition holds for this session: no type discount, no code. */
  discountsForbidden: boolean;
}

/** Why a quote cannot be made: a seat in a zone the card has no price for, or a type that does not exist. */
export class QuoteError extends Error {
  override name = 'QuoteError';
  constructor(
    readonly reason: 'zone_not_priced' | 'unknown_ticket_type',
    readonly subject: string,
  ) {
    super(`${reason}: ${subject}`);
  }
}

function typePrice(base: number, zoneCells: Readonly<Record<string, number>>, type: QuoteTicketType): number {
  const own = zoneCells[type.code];
  if (own !== undefined && type.code !== ADULT_TICKET_TYPE) return Math.min(own, base);
  switch (type.rule) {
    case 'full':
      return base;
    case 'percent':
      return base - Math.round((base * type.value) / 100);
    case 'fixed':
      return Math.min(type.value, base);
  }
}

/** Splits `amount` over `weights` in proportion, in whole kopecks, the remainder to the last ones. */
function share(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  for (let i = parts.length - 1; left > 0; i = (i - 1 + parts.length) % parts.length, left--) parts[i]! += 1;
  return parts;
}

export function quote({ card, types, lines, promo, sessionDate, noDiscountUntil }: QuoteInput): Quote {
  const discountsForbidden = noDiscountUntil !== null && sessionDate <= noDiscountUntil;
  const priced = lines.map((line) => {
    const cells = card[line.zone];
    const base = cells?.[ADULT_TICKET_TYPE];
    if (!cells || base === undefined) throw new QuoteError('zone_not_priced', line.zone);
    const type = types.find((t) => t.code === line.ticketType);
    if (!type) throw new QuoteError('unknown_ticket_type', line.ticketType);
    const afterType = discountsForbidden ? base : typePrice(base, cells, type);
    return { ...line, base, typeDiscount: base - afterType, afterType };
  });
  // What a code may take off each line: down to the least a ticket costs.
  const room = priced.map((l) => Math.max(0, l.afterType - MIN_TICKET_KOPECKS));
  const applied = promo && !discountsForbidden ? promo : null;
  const wanted = !applied
    ? priced.map(() => 0)
    : applied.kind === 'percent'
      ? priced.map((l) => Math.round((l.afterType * applied.value) / 100))
      : // An amount off the order, shared by what each line can give: none goes below the least.
        share(
          Math.min(
            applied.value,
            room.reduce((a, b) => a + b, 0),
          ),
          room,
        );
  const quoted: QuotedLine[] = priced.map(({ afterType, ...line }, i) => {
    const promoDiscount = Math.min(wanted[i]!, room[i]!);
    return { ...line, promoDiscount, price: afterType - promoDiscount };
  });
  const discount = quoted.reduce((sum, l) => sum + l.promoDiscount, 0);
  return {
    lines: quoted,
    total: quoted.reduce((sum, l) => sum + l.price, 0),
    promo: applied ? { code: applied.code, discount } : null,
    discountsForbidden,
  };
}
