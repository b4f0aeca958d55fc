/**
 * What seats cost (docs/architecture.md, "Prices and halls"): a session's prices (its card, or SPEC's one price
 * for every seat without one), the seats' zones from the hall's plan, the ticket types, the promo code
 * — handed to the contract's pure quote(). POST /api/orders/quote answers it; an order quotes again
 * inside its transaction and stores each line's breakdown.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ADULT_TICKET_TYPE } from '../../contract/constants';
import { kopecksOf, roublesOf } from '../../contract/money';
import type { QuoteView } from '../../contract/prices';
import { quote, type PriceTable, type Quote } from '../../contract/quote';
import { parseSeatCode, SEAT_NOT_IN_HALL } from '../../contract/seats';
import { toCinemaDate } from '../../contract/time';
import { schema, type Db, type Tx } from '../../db';
import { isCancelled, readSession, sessionCancelled, sessionOnSale } from '../schedules/lifecycle';
import { invalidInput } from '../../lib/http/errors';
import { usablePromo } from './promo-codes';
import { quoteTypes } from './ticket-types';

const { hallSeats, seatZones } = schema;

export type SessionPricing = Awaited<ReturnType<typeof sessionPricing>>;

/** The hall plans' zones (a session without a price card prices every zone alike). */
export const seatZoneCodes = (db: Db | Tx) => db.select({ code: seatZones.code }).from(seatZones);

/**
 * The session, its film, and its prices in kopecks: zone → ticket type → price. An order reads them
 * inside its transaction (`db` is then the transaction), so it is priced as the prices are when it is made
 * and refused if the session is no longer on sale at `saleAt` (schedules/lifecycle.ts).
 */
export async function sessionPricing(db: Db | Tx, sessionId: number, saleAt?: Date) {
  // A sale asks the session's lifecycle; a quote or the map is refused only for a cancelled session.
  const session = saleAt ? await sessionOnSale(db, sessionId, saleAt) : await readSession(db, sessionId);
  return pricingOf(db, session);
}

/**
 * The prices of a session already read (readSession); `types`: the ticket types, when the caller read them
 * beside it (outside a transaction, the reads need not wait for each other).
 */
export async function pricingOf(
  db: Db | Tx,
  session: Awaited<ReturnType<typeof readSession>>,
  types?: Awaited<ReturnType<typeof quoteTypes>>,
  zones?: { code: string }[],
) {
  if (isCancelled(session)) throw sessionCancelled();
  const card: Record<string, Record<string, number>> = {};
  if (session.priceCard) {
    for (const p of session.priceCard.prices) (card[p.zoneCode] ??= {})[p.ticketTypeCode] = p.priceKopecks;
  } else {
    // Without a card every seat costs SPEC's price, whatever its zone.
    for (const { code } of zones ?? (await seatZoneCodes(db)))
      card[code] = { [ADULT_TICKET_TYPE]: kopecksOf(session.price) };
  }
  return {
    session,
    card: card as PriceTable,
    types: types ?? (await quoteTypes(db)),
    sessionDate: toCinemaDate(session.startTime),
    noDiscountUntil: session.film.noDiscountUntil,
  };
}

/** A quote outside any transaction: the session, the ticket types and the zones read side by side. */
export async function quoteSession(db: Db, sessionId: number, request: QuoteRequest, now: Date): Promise<PricedOrder> {
  const [session, types, zones] = await Promise.all([readSession(db, sessionId), quoteTypes(db), seatZoneCodes(db)]);
  return priceLines(db, await pricingOf(db, session, types, zones), request, now);
}

/** The session's prices as the seat popover gets them (roubles). */
export const pricesInRoubles = (card: PriceTable) =>
  Object.fromEntries(
    Object.entries(card).map(([zone, cells]) => [
      zone,
      Object.fromEntries(Object.entries(cells).map(([type, kopecks]) => [type, roublesOf(kopecks)])),
    ]),
  );

export interface QuoteRequest {
  lines: { seat_number: string; ticket_type: string }[];
  promoCode?: string;
  buyerId?: number;
}

export interface PricedOrder {
  quote: Quote;
  promoId: number | null;
  promoError: string | null;
}

/**
 * Quotes the lines. Seats not sellable in the hall's plan and ticket types not on sale are field
 * errors; a promo code that does not apply is answered with the reason (and no discount).
 * `now`: when the order is made (a promo code's dates); `lock`: inside an order's transaction (the promo code's row is locked, see usablePromo).
 */
export async function priceLines(
  db: Db | Tx,
  pricing: SessionPricing,
  { lines, promoCode, buyerId }: QuoteRequest,
  now: Date,
  lock = false,
): Promise<PricedOrder> {
  const { session } = pricing;
  const seats = await db
    .select({ code: hallSeats.code, zone: hallSeats.zoneCode, pair: hallSeats.pairCode })
    .from(hallSeats)
    .where(
      and(
        eq(hallSeats.hallId, session.hallId),
        eq(hallSeats.blocked, false),
        inArray(
          hallSeats.code,
          lines.map((l) => l.seat_number),
        ),
      ),
    );
  const zoneOf = new Map(seats.map((s) => [s.code, s.zone]));
  const pairOf = new Map(seats.map((s) => [s.code, s.pair]));
  const chosen = new Set(lines.map((l) => l.seat_number));
  const fields: Record<string, string> = {};
  let halfSofa = false;
  for (const [i, line] of lines.entries()) {
    if (!zoneOf.has(line.seat_number)) fields[`lines.${i}.seat_number`] = SEAT_NOT_IN_HALL;
    const pair = pairOf.get(line.seat_number);
    if (pair && !chosen.has(pair)) {
      fields[`lines.${i}.seat_number`] = `Диван продаётся целиком: добавьте место ${parseSeatCode(pair).place}`;
      halfSofa = true;
    }
    const type = pricing.types.find((t) => t.code === line.ticket_type);
    if (!type || !type.active) fields[`lines.${i}.ticket_type`] = 'Такого типа билета нет';
    const zone = zoneOf.get(line.seat_number);
    if (zone && !pricing.card[zone]?.[ADULT_TICKET_TYPE])
      fields[`lines.${i}.seat_number`] = 'На места этой зоны цена не назначена';
  }
  if (Object.keys(fields).length > 0)
    throw invalidInput(fields, halfSofa ? 'Диван продаётся только целиком: выберите оба его места' : undefined);

  let promo: PricedOrder['promoError'] = null;
  let applied: { id: number; promo: Parameters<typeof quote>[0]['promo'] } | null = null;
  const code = promoCode?.trim();
  const forbidden = pricing.noDiscountUntil !== null && pricing.sessionDate <= pricing.noDiscountUntil;
  if (code && forbidden) {
    const [y, m, d] = pricing.noDiscountUntil!.split('-');
    promo = `По условиям прокатчика скидки на этот фильм не действуют до ${d}.${m}.${y}`;
  } else if (code) {
    const check = await usablePromo(db, code, { sessionId: session.id, filmId: session.filmId, buyerId, now, lock });
    if (check.ok) applied = { id: check.id, promo: check.promo };
    else promo = check.reason;
  }
  const result = quote({
    card: pricing.card,
    types: pricing.types,
    lines: lines.map((l) => ({ seat: l.seat_number, zone: zoneOf.get(l.seat_number)!, ticketType: l.ticket_type })),
    promo: applied?.promo ?? null,
    sessionDate: pricing.sessionDate,
    noDiscountUntil: pricing.noDiscountUntil,
  });
  return { quote: result, promoId: applied?.id ?? null, promoError: promo };
}

export function presentQuote({ quote: q, promoError }: PricedOrder): QuoteView {
  return {
    lines: q.lines.map((l) => ({
      seat_number: l.seat,
      zone: l.zone,
      ticket_type: l.ticketType,
      base: roublesOf(l.base),
      type_discount: roublesOf(l.typeDiscount),
      promo_discount: roublesOf(l.promoDiscount),
      price: roublesOf(l.price),
    })),
    total: roublesOf(q.total),
    promo: q.promo ? { code: q.promo.code, discount: roublesOf(q.promo.discount) } : null,
    promo_error: promoError,
    discounts_forbidden: q.discountsForbidden,
  };
}
