/** A price card as the session forms show it (create and edit): its standard price and its zones' adult prices. */
import { ADULT_TICKET_TYPE, formatRoubles, STANDARD_ZONE, type PriceCard, type SeatZone } from '@kino/backend/contract';

/** The card's standard adult price, whole roubles as the session's `price` field takes them. */
export const cardPrice = (card: PriceCard | undefined): string => {
  const price = card?.prices.find((p) => p.zone === STANDARD_ZONE && p.ticket_type === ADULT_TICKET_TYPE)?.price;
  return price === undefined ? '' : String(Math.max(1, Math.round(price)));
};

/** 'Стандарт 350 ₽, VIP 600 ₽': the adult price of each zone on the card, zones by their names. */
export const cardAdultPrices = (card: PriceCard, zones: readonly Pick<SeatZone, 'code' | 'name'>[] = []): string =>
  card.prices
    .filter((p) => p.ticket_type === ADULT_TICKET_TYPE)
    .map((p) => `${zones.find((z) => z.code === p.zone)?.name ?? p.zone} ${formatRoubles(p.price)}`)
    .join(', ');

/** Without a card every seat sells at the session's one price. */
export const NO_CARD_HINT = 'Без карты все места стоят одинаково — по цене билета';
