/**
 * 'Оплатить': POST /api/tickets/store makes a pending order of the held seats (at the price, ticket
 * types, promo code, total and session time the viewer was shown) and answers where to pay. Nothing
 * is paid yet: the order's page waits for the provider's word. A total that is no longer right comes
 * back as 409 price_changed with the new quote: the buyer sees it and confirms again.
 */
import type { SeatSessionView } from '@kino/backend/contract';
import { useApiMutation } from '../../../shared/api/hooks';
import type { ChosenLine } from '../../../shared/seats/prices';

export interface Purchase {
  session: Pick<SeatSessionView, 'id' | 'price' | 'start_time'>;
  lines: readonly ChosenLine[];
  /** The code applied ('' or undefined: none). */
  promoCode?: string;
  /** The total shown, roubles. */
  total: number;
  /** Paid with the Pushkin card: its holder (one seat; the cinema's second shop). */
  pushkin?: { full_name: string; phone: string };
}

export const orderInput = ({ session, lines, promoCode, total, pushkin }: Purchase) => ({
  body: {
    price: session.price,
    schedule_id: session.id,
    seat_number: lines.map((l) => l.seat_number),
    purchase_date: session.start_time,
    lines: lines.map((l) => ({ seat_number: l.seat_number, ticket_type: l.ticket_type })),
    ...(promoCode ? { promo_code: promoCode } : {}),
    total,
    ...(pushkin ? { payment_method: 'pushkin' as const, visitor: pushkin } : {}),
  },
});

export const usePlaceOrder = () => useApiMutation('POST /tickets/store');
