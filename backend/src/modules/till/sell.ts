/**
 * POST /api/till/orders: a sale at the counter to a walk-in (no account), through the orders domain's
 * `placeOrder` like a web order. The cashier's open shift is required and locked in the order's
 * transaction (a shift closing meanwhile refuses the sale). Cash and card are paid at once: the tickets are
 * sold, every map shows the seats sold, and the contact (if typed) gets them by mail. A link is the online
 * flow: a pending order whose confirmation_url the buyer pays at (the provider's receipt goes to the contact).
 * SBP is a pending order too, paid by scanning the provider's QR (`qr`) on the till's screen; once the
 * provider says it succeeded the register prints its receipt (modules/fiscal/sbp.ts).
 * Cash and card are sold only once the cash register printed their receipt (modules/fiscal): a register
 * that refuses makes no sale and leaves the seats held for the cashier to try again.
 */
import { kopecksOf, roublesOf } from '../../contract/money';
import { contactPhone, type TillOrder, type TillOrderBody } from '../../contract/till';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/http/auth-user';
import { startPayment } from '../orders/start-payment';
import { can } from '../../contract/access';
import { conflict, forbidden, invalidInput } from '../../lib/http/errors';
import type { FiscalTask } from '../../fiscal/driver';
import { queueCorrection } from '../fiscal/corrections';
import {
  fiscalParamsOf,
  linkOperation,
  RegisterUnanswered,
  runOnRegister,
  type FiscalParams,
} from '../fiscal/operations';
import { fiscalDataOf, ticketReceipt, titleOf } from '../fiscal/receipt';
import { isRegisterError, requireFreshRegisterShift, voidReceipt } from '../fiscal/sale';
import { placeOrder, type CreateOrderDeps } from '../orders/create-order';
import { priceLines, pricingOf, seatZoneCodes, type PricedOrder } from '../prices/quoting';
import { quoteTypes } from '../prices/ticket-types';
import { sessionOnSale } from '../schedules/lifecycle';
import { noOpenShift, shareLockOpenShift } from '../shifts/locks';
import { openShiftOf } from '../shifts/queries';
import { tillOrder } from './present';
import { cinemaSettings } from '../settings/cinema';
import { holderOf, pushkinEventOf, recordPushkinTicket, refuseSecondTicket } from '../pushkin';
import { releaseSeats, takeSeats } from './take-seats';

/** Settled promises' values in order; the first refusal (in the order given) is thrown once all have settled. */
async function allOrFirstRefusal<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(work);
  const refused = settled.find((r) => r.status === 'rejected');
  if (refused) throw refused.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export async function sellAtTill(
  ctx: AppContext,
  deps: CreateOrderDeps,
  seller: AuthUser,
  body: TillOrderBody,
): Promise<TillOrder> {
  if (body.no_receipt_reason !== undefined && !can(seller.role, 'shifts', 'list'))
    throw forbidden('Продать без чека может только менеджер или администратор');
  const sessionId = body.schedule_id;
  // Read side by side; the shift is asked first (no shift refuses before a session not on sale).
  const [shift, session] = await allOrFirstRefusal([
    openShiftOf(ctx.db, seller.id).then((open) => open ?? Promise.reject(noOpenShift())),
    sessionOnSale(ctx.db, sessionId, ctx.clock.now()),
  ] as const);
  const seats = body.lines.map((l) => l.seat_number).toSorted();
  const typeOf = new Map(body.lines.map((l) => [l.seat_number, l.ticket_type]));
  const request = {
    lines: seats.map((seat) => ({ seat_number: seat, ticket_type: typeOf.get(seat)! })),
    promoCode: body.promo_code || undefined,
  };
  const paidAtOnce = body.method !== 'link' && body.method !== 'sbp';
  const withReceipt = body.method === 'cash' || body.method === 'card' || body.method === 'pushkin';
  const phone = body.contact ? contactPhone(body.contact) : null;
  const email = body.contact && !phone ? body.contact : null;
  // The Pushkin card (modules/pushkin): a film in the programme, the holder's one ticket for the session.
  const pushkin =
    body.method === 'pushkin'
      ? { holder: holderOf(body.visitor!), eventId: await pushkinEventOf(ctx, sessionId) }
      : null;
  // ЕАИС's terminal_owner: the configured terminal owner's ИНН, else the cinema's.
  const cinemaInn = pushkin ? ((await cinemaSettings(ctx))?.inn ?? null) : null;

  const seatField = (seat: string) => `lines.${body.lines.findIndex((l) => l.seat_number === seat)}.seat_number`;
  const refuseBadPayment = (priced: PricedOrder) => {
    if (request.promoCode && priced.promoError) throw invalidInput({ promo_code: priced.promoError });
    const total = priced.quote.total;
    if (body.method === 'cash' && body.given !== undefined && kopecksOf(body.given) < total) {
      throw invalidInput(
        { given: `Получено меньше суммы заказа: ${roublesOf(total)} ₽` },
        'Полученной суммы не хватает',
      );
    }
  };
  // Before the register is asked, side by side: the seats held for the cashier, the sale priced and its
  // receipt written, the register's shift younger than 24 hours. Any refusal prints nothing.
  const taking = takeSeats(deps.store, sessionId, seller.id, seats, seatField);
  const preparing = withReceipt
    ? Promise.all([quoteTypes(ctx.db), seatZoneCodes(ctx.db)]).then(async ([types, zones]) => {
        const priced = await priceLines(
          ctx.db,
          await pricingOf(ctx.db, session, types, zones),
          request,
          ctx.clock.now(),
        );
        refuseBadPayment(priced);
        const task = await ticketReceipt(ctx, 'sell', {
          sessionId,
          lines: priced.quote.lines.map((l) => ({ seat: l.seat, price: l.price })),
          payment:
            body.method === 'cash'
              ? { type: 'cash', given: body.given === undefined ? priced.quote.total : kopecksOf(body.given) }
              : { type: 'electronically', given: priced.quote.total },
          cashier: seller,
          contact: phone ?? email,
          title: titleOf(session),
        });
        return { task, total: priced.quote.total };
      })
    : Promise.resolve(undefined);
  const fresh = withReceipt ? requireFreshRegisterShift(ctx, shift.id) : Promise.resolve();
  const [takenSettled, preparedSettled, freshSettled] = await Promise.allSettled([taking, preparing, fresh]);
  if (takenSettled.status === 'rejected') throw takenSettled.reason;
  const taken = takenSettled.value;
  let receipt: { id: string; task: FiscalTask; total: number; params: FiscalParams } | undefined;
  // Sold without its receipt on a manager's override: queued for a correction receipt once the order exists.
  let unreceipted: FiscalTask | undefined;
  let unanswered: string | undefined;
  let created: Awaited<ReturnType<typeof placeOrder>>;
  try {
    if (preparedSettled.status === 'rejected') throw preparedSettled.reason;
    const prepared = preparedSettled.value;
    if (prepared) {
      try {
        if (freshSettled.status === 'rejected') throw freshSettled.reason;
        const { id, result } = await runOnRegister(ctx, prepared.task, { shiftId: shift.id });
        receipt = { id, ...prepared, params: fiscalParamsOf(result) };
      } catch (err) {
        if (!isRegisterError(err) || body.no_receipt_reason === undefined) throw err;
        unreceipted = prepared.task;
        // Sent and never answered: it may have printed, so the correction asks for it by its uuid first.
        if (err instanceof RegisterUnanswered) unanswered = err.operationId;
      }
    }
    created = await placeOrder(ctx, deps, {
      sessionId,
      seen: session,
      seats,
      request,
      holder: seller.id,
      seatField,
      accept: async (priced, tx) => {
        refuseBadPayment(priced);
        if (receipt && priced.quote.total !== receipt.total) {
          throw conflict('price_changed', 'Цена изменилась, пока печатался чек: чек возвращён, продайте заново', {
            price: roublesOf(priced.quote.total),
          });
        }
        await shareLockOpenShift(tx, shift.id);
        if (pushkin) await refuseSecondTicket(tx, sessionId, pushkin.holder);
      },
      afterLines: async (tx, { orderId, ticketIds }, changed) => {
        // The receipt belongs to the order from the moment the order exists.
        const operation = receipt?.id ?? unanswered;
        if (operation) await linkOperation(tx, operation, { orderId });
        if (pushkin) {
          await recordPushkinTicket(tx, { ticketId: ticketIds[0]!, orderId, sessionId, ...pushkin, paid: true });
          changed({ what: 'pushkin', action: 'register', ticketIds });
        }
      },
      order: (priced) => ({
        userId: null,
        channel: 'box_office',
        email,
        phone,
        soldBy: seller.id,
        till: shift.till,
        shiftId: shift.id,
        paymentMethod: body.method === 'link' ? 'online' : body.method,
        cashGivenKopecks:
          body.method === 'cash' ? (body.given === undefined ? priced.quote.total : kopecksOf(body.given)) : null,
        cardRrn: body.method === 'card' || body.method === 'pushkin' ? (body.rrn ?? null) : null,
        ...(pushkin
          ? {
              terminalId: body.terminal_id!,
              terminalOwnerInn: ctx.config.pushkin.terminalOwnerInn ?? cinemaInn,
            }
          : {}),
      }),
      ticketOwner: null,
      paidAtOnce,
      actor: { userId: seller.id, channel: 'box_office' },
      action: paidAtOnce ? 'sold_at_till' : 'created',
    });
  } catch (err) {
    // The register refused: nothing was sold, the seats stay the cashier's for another try.
    if (isRegisterError(err)) throw err;
    if (receipt) await voidReceipt(ctx, shift.id, receipt.task);
    await releaseSeats(deps.store, sessionId, seller.id, taken);
    throw err;
  }
  if (unreceipted) {
    await queueCorrection(ctx, {
      orderId: created.orderId,
      task: unreceipted,
      reason: body.no_receipt_reason!,
      requestedBy: seller.id,
    });
  }
  if (created.paymentId !== null) await startPayment(ctx, created.orderId, created.paymentId);
  return tillOrder(ctx, created.orderId, seller, receipt ? { fiscal: fiscalDataOf(receipt.params) } : undefined);
}
