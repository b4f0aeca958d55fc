/**
 * POST /api/till/orders: a sale at the counter to a walk-in (no account), through the orders domain's
 * `placeOrder` like a web order. The cashier's open shift is required and locked in the order's
 * transaction (a shift closing meanwhile refuses the sale). Cash and card are paid at once: the tickets are
 * sold, every map shows the seats sold, and the contact (if typed) gets them by mail. A link is the online
 * flow: a pending order whose confirmation_url the buyer pays at (the provider's receipt goes to the contact).
 */
import { kopecksOf, roublesOf } from '../../contract/money';
import type { TillOrder, TillOrderBody } from '../../contract/till';
import type { AppContext } from '../../context';
import { invalidInput } from '../../lib/errors';
import type { AuthUser } from '../auth/tokens';
import { placeOrder, sessionStarted, type CreateOrderDeps } from '../orders/create-order';
import { startPayment } from '../orders/start-payment';
import { sessionOnSale } from '../prices/quoting';
import { noOpenShift, shareLockOpenShift } from '../shifts/locks';
import { openShiftOf } from '../shifts/queries';
import { tillOrder } from './present';
import { releaseSeats, takeSeats } from './take-seats';

export async function sellAtTill(
  ctx: AppContext,
  deps: CreateOrderDeps,
  seller: AuthUser,
  body: TillOrderBody,
): Promise<TillOrder> {
  const shift = await openShiftOf(ctx.db, seller.id);
  if (!shift) throw noOpenShift();
  const sessionId = body.schedule_id;
  const session = await sessionOnSale(ctx.db, sessionId);
  if (session.startTime.getTime() <= Date.now()) throw sessionStarted();
  const seats = body.lines.map((l) => l.seat_number).toSorted();
  const typeOf = new Map(body.lines.map((l) => [l.seat_number, l.ticket_type]));
  const request = {
    lines: seats.map((seat) => ({ seat_number: seat, ticket_type: typeOf.get(seat)! })),
    promoCode: body.promo_code || undefined,
  };
  const paidAtOnce = body.method !== 'link';

  const seatField = (seat: string) => `lines.${body.lines.findIndex((l) => l.seat_number === seat)}.seat_number`;
  const taken = await takeSeats(deps.store, sessionId, seller.id, seats, seatField);
  let created: Awaited<ReturnType<typeof placeOrder>>;
  try {
    created = await placeOrder(ctx, deps, {
      sessionId,
      seen: session,
      seats,
      request,
      holder: seller.id,
      seatField,
      accept: async (priced, tx) => {
        if (request.promoCode && priced.promoError) throw invalidInput({ promo_code: priced.promoError });
        const total = priced.quote.total;
        if (body.method === 'cash' && body.given !== undefined && kopecksOf(body.given) < total) {
          throw invalidInput(
            { given: `Получено меньше суммы заказа: ${roublesOf(total)} ₽` },
            'Полученной суммы не хватает',
          );
        }
        await shareLockOpenShift(tx, shift.id);
      },
      order: (priced) => ({
        userId: null,
        channel: 'box_office',
        email: body.contact ?? null,
        soldBy: seller.id,
        till: shift.till,
        shiftId: shift.id,
        paymentMethod: body.method === 'link' ? 'online' : body.method,
        cashGivenKopecks:
          body.method === 'cash' ? (body.given === undefined ? priced.quote.total : kopecksOf(body.given)) : null,
        cardRrn: body.method === 'card' ? (body.rrn ?? null) : null,
      }),
      ticketOwner: null,
      paidAtOnce,
      actor: { userId: seller.id, channel: 'box_office' },
      action: paidAtOnce ? 'sold_at_till' : 'created',
    });
  } catch (err) {
    await releaseSeats(deps.store, sessionId, seller.id, taken);
    throw err;
  }
  if (created.paymentId !== null) await startPayment(ctx, created.orderId, created.paymentId);
  return tillOrder(ctx, created.orderId, seller);
}
