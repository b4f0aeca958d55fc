/**
 * How an order line or a ticket names what was sold beside its seat: the zone and the ticket type
 * ('VIP, Детский'), and what the line's discounts add up to, in exact kopecks.
 */
import { kopecksOf, roublesOf, type OrderLine } from '@kino/backend/contract';

export const ticketKind = (item: { zone: { name: string }; ticket_type: { name: string } }) =>
  `${item.zone.name}, ${item.ticket_type.name}`;

/** The order's price without discounts, and what the ticket types and the promo code took off. */
export function orderDiscounts(lines: readonly Pick<OrderLine, 'base' | 'type_discount' | 'promo_discount'>[]) {
  const sum = (pick: (l: (typeof lines)[number]) => number) =>
    roublesOf(lines.reduce((total, l) => total + kopecksOf(pick(l)), 0));
  return { base: sum((l) => l.base), type: sum((l) => l.type_discount), promo: sum((l) => l.promo_discount) };
}
