/**
 * POST /api/tickets/store: the buyer's held seats become a pending order, then a payment at the
 * provider (the till's sales go through the same `placeOrder`: modules/till). Redis says whether the seats are held by the buyer; PostgreSQL decides: the order's lines
 * take their seats under the same unique index as sold tickets, in one transaction, so a seat is
 * never in two orders even if Redis lost a hold. Every open map shows them taken while the buyer pays.
 * Each line is priced in the same transaction (zone, ticket type, card, promo code: prices/quoting.ts)
 * and keeps its breakdown; a total other than the one the buyer was shown is a 409 with the new quote.
 */
import { randomUUID } from 'node:crypto';
import { ADULT_TICKET_TYPE, type OrderAction } from '../../contract/constants';
import { kopecksOf, roublesOf } from '../../contract/money';
import type { OrderView } from '../../contract/orders';
import type { TicketStoreBody } from '../../contract/tickets';
import { fromCinemaTime, toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema, type Tx } from '../../db';
import { write, type Change } from '../../effects';
import type { PaymentProvider } from '../../payments';
import { conflict } from '../../lib/http/errors';
import { seatNotInHall, seatOrphaned, type SeatResult, type SeatStore } from '../seats';
import type { AuthUser } from '../../lib/http/auth-user';
import {
  presentQuote,
  priceLines,
  sessionPricing,
  type PricedOrder,
  type QuoteRequest,
  type SessionPricing,
} from '../prices/quoting';
import { isCancelled, sessionOnSale, sessionStarted } from '../schedules/lifecycle';
import { logAction, type Actor } from './audit';
import { shareLockSession } from '../../db/order-lock';
import { viewOrder } from './queries';
import { startPayment } from './start-payment';
import { ticketBecomes } from '../tickets/lifecycle';
import { recordEaisOperations } from '../eais/ledger';
import { orderBecomes, paymentBecomes } from './lifecycle';
import { holderOf, pushkinEventOf, recordPushkinTicket, refuseSecondTicket } from '../pushkin';

export interface CreateOrderDeps {
  store: SeatStore;
}

export const seatTaken = (seat?: string) => conflict('seat_taken', 'Место уже занято', seat ? { seat } : undefined);
const sessionMoved = (startTime: Date) =>
  conflict('conflict', 'Время сеанса изменилось', { start_time: toCinemaTime(startTime) });

/** `seatField` names a seat's field in the request, for a seat the hall does not have (400). */
export function refuseUnlessHeld(check: SeatResult, seatField: (seat: string) => string): void {
  switch (check.status) {
    case 'ok':
      return;
    case 'invalid':
      throw seatNotInHall(seatField(check.seat ?? ''));
    case 'orphan':
      throw seatOrphaned(check.seat);
    case 'past':
      throw sessionStarted();
    case 'taken':
      throw seatTaken(check.seat);
    default:
      throw conflict('hold_expired', 'Время брони истекло. Выберите места заново', { seat: check.seat });
  }
}

export async function createWebOrder(
  ctx: AppContext,
  deps: CreateOrderDeps,
  buyer: AuthUser,
  body: TicketStoreBody,
): Promise<OrderView> {
  const sessionId = body.schedule_id;
  // One order for every buyer: concurrent orders lock the index entries in the same order.
  const seats = body.seat_number.toSorted();
  const session = await sessionOnSale(ctx.db, sessionId, ctx.clock.now());
  if (body.price !== session.price) {
    throw conflict('price_changed', `Цена билета изменилась: ${session.price} ₽`, { price: session.price });
  }
  if (fromCinemaTime(body.purchase_date).getTime() !== session.startTime.getTime())
    throw sessionMoved(session.startTime);
  const typeOf = new Map((body.lines ?? []).map((l) => [l.seat_number, l.ticket_type]));
  const request = {
    lines: seats.map((seat) => ({ seat_number: seat, ticket_type: typeOf.get(seat) ?? ADULT_TICKET_TYPE })),
    promoCode: body.promo_code || undefined,
    buyerId: buyer.id,
  };
  // The Pushkin card (modules/pushkin): a film in the programme, the holder's one ticket, the second shop.
  const pushkin =
    body.payment_method === 'pushkin'
      ? { holder: holderOf(body.visitor!), eventId: await pushkinEventOf(ctx, sessionId) }
      : null;
  // What the buyer was shown: their total, or SPEC's price for each seat.
  const shownKopecks = kopecksOf(body.total ?? body.price * seats.length);

  const created = await placeOrder(ctx, deps, {
    sessionId,
    seen: session,
    seats,
    request,
    holder: buyer.id,
    seatField: (seat) => `seat_number.${body.seat_number.indexOf(seat)}`,
    // Priced in the transaction: a card, a type or a code changed since the buyer looked is a 409 with the new quote.
    accept: async (priced, tx, { session: now }) => {
      if (priced.quote.total !== shownKopecks || (request.promoCode && priced.promoError)) {
        throw conflict('price_changed', priced.promoError ?? `Цена изменилась: ${roublesOf(priced.quote.total)} ₽`, {
          price: now.price,
          quote: presentQuote(priced),
        });
      }
      if (pushkin) await refuseSecondTicket(tx, sessionId, pushkin.holder);
    },
    order: () => ({
      userId: buyer.id,
      channel: 'web',
      email: buyer.email,
      ...(pushkin
        ? {
            paymentMethod: 'pushkin' as const,
            // ЕАИС's terminal: the second shop, owned by the payment service.
            terminalId: ctx.config.pushkin.shopId ?? null,
            terminalOwnerInn: ctx.config.pushkin.onlineTerminalOwnerInn,
          }
        : {}),
    }),
    ...(pushkin
      ? {
          provider: ctx.pushkinPayments,
          afterLines: async (tx: Tx, { orderId, ticketIds }: { orderId: number; ticketIds: number[] }) => {
            await recordPushkinTicket(tx, { ticketId: ticketIds[0]!, orderId, sessionId, ...pushkin, paid: false });
          },
        }
      : {}),
    ticketOwner: buyer.id,
    paidAtOnce: false,
    actor: { userId: buyer.id, channel: 'web' },
    action: 'created',
  });
  await startPayment(ctx, created.orderId, created.paymentId!);
  return viewOrder(ctx, created.orderId, buyer);
}

type OrderInsert = typeof schema.orders.$inferInsert;

/** How an order is made: for whom, by whom, through which channel, and whether it is paid at once. */
export interface OrderPlan {
  sessionId: number;
  /** The session as the seller saw it: a move committed meanwhile refuses the order. */
  seen: { startTime: Date; hallId: number };
  /** Sorted: concurrent orders lock the seats' index entries in the same order. */
  seats: string[];
  request: QuoteRequest;
  /** Whose holds in Redis the seats must be (the buyer's on the website, the cashier's at the till). */
  holder: number;
  /** The request's field of a seat, to name it when the hall has no such seat. */
  seatField: (seat: string) => string;
  /**
   * Inside the transaction, once priced (at the session's prices read in it): throws to refuse (a price
   * the buyer was not shown, cash short); may lock what the order counts to (the till's shift).
   */
  accept: (priced: PricedOrder, tx: Tx, pricing: SessionPricing) => void | Promise<void>;
  /** The order's own fields: buyer, channel, e-mail, and the till's (seller, till, shift, method, cash). */
  order: (
    priced: PricedOrder,
  ) => Omit<OrderInsert, 'sessionId' | 'status' | 'totalKopecks' | 'promoCodeId' | 'expiresAt'>;
  /** The tickets' account (null for a walk-in). */
  ticketOwner: number | null;
  /** Paid at once (cash or card at the till): sold tickets and no provider payment; else pending, to pay online. */
  paidAtOnce: boolean;
  actor: Actor;
  action: OrderAction;
  /** Which shop takes an unpaid order's payment (default ctx.payments; the Pushkin card's second shop). */
  provider?: PaymentProvider;
  /** In the transaction, once its lines exist: what else the sale records (the Pushkin card's holder). */
  afterLines?: (
    tx: Tx,
    order: { orderId: number; ticketIds: number[] },
    changed: (change: Change) => void,
  ) => Promise<void>;
}

/**
 * The order's transaction: the seats checked in Redis, then in it the session's prices read, the lines
 * priced and inserted under the seats' unique index, the audit entry, and the change whose duties show
 * the seats taken on every map. Answers the order and its provider payment to start (none when paid at once).
 */
export async function placeOrder(
  ctx: AppContext,
  deps: CreateOrderDeps,
  plan: OrderPlan,
): Promise<{ orderId: number; paymentId: number | null }> {
  const { sessionId, seats } = plan;
  // Asked of Redis while the transaction begins; nothing is written before its answer.
  const held = deps.store.check(sessionId, plan.holder, seats);
  held.catch(() => undefined); // awaited in the transaction; a failure before that is not unhandled

  const { orders, tickets, payments } = schema;
  try {
    return await write(ctx, async (tx, changed) => {
      // Share-locked first: a move or a cancellation of the session waits for this order, or this order for it;
      // sessionPricing then asks canBeSold of the locked row (cancelled, started).
      const locked = await shareLockSession(tx, sessionId);
      refuseUnlessHeld(await held, plan.seatField);
      if (
        locked &&
        !isCancelled(locked) &&
        (locked.startTime.getTime() !== plan.seen.startTime.getTime() || locked.hallId !== plan.seen.hallId)
      )
        throw sessionMoved(locked.startTime);
      const now = ctx.clock.now();
      const pricing = await sessionPricing(tx, sessionId, now);
      const priced = await priceLines(tx, pricing, plan.request, now, true);
      await plan.accept(priced, tx, pricing);
      const expiresAt = plan.paidAtOnce ? now : new Date(now.getTime() + ctx.config.paymentTimeoutMs);
      const [order] = await tx
        .insert(orders)
        .values({
          ...plan.order(priced),
          sessionId,
          status: orderBecomes(plan.paidAtOnce ? 'sellAtOnce' : 'create'),
          paidAt: plan.paidAtOnce ? now : null,
          totalKopecks: priced.quote.total,
          promoCodeId: priced.promoId,
          expiresAt,
        })
        .returning();
      const lines = await tx
        .insert(tickets)
        .values(
          priced.quote.lines.map((line) => ({
            orderId: order!.id,
            sessionId,
            userId: plan.ticketOwner,
            seatNumber: line.seat,
            zoneCode: line.zone,
            ticketTypeCode: line.ticketType,
            basePriceKopecks: line.base,
            typeDiscountKopecks: line.typeDiscount,
            promoDiscountKopecks: line.promoDiscount,
            priceKopecks: line.price,
            status: ticketBecomes(plan.paidAtOnce ? 'sellAtOnce' : 'reserve'),
            purchaseDate: now,
          })),
        )
        .returning({ id: tickets.id });
      if (plan.paidAtOnce)
        await recordEaisOperations(
          tx,
          'sale',
          lines.map((l) => ({ ticketId: l.id, sessionId })),
          now,
        );
      await plan.afterLines?.(tx, { orderId: order!.id, ticketIds: lines.map((l) => l.id) }, changed);
      const payment = plan.paidAtOnce
        ? undefined
        : (
            await tx
              .insert(payments)
              .values({
                orderId: order!.id,
                provider: (plan.provider ?? ctx.payments).name,
                idempotenceKey: randomUUID(),
                status: paymentBecomes('create'),
                amountKopecks: order!.totalKopecks,
              })
              .returning({ id: payments.id })
          )[0];
      await logAction(tx, order!.id, plan.action, plan.actor, { data: { seats } });
      const change = {
        what: 'orders' as const,
        orderId: order!.id,
        userId: order!.userId,
        sessionId,
        ticketIds: lines.map((l) => l.id),
        seats,
      };
      // Paid: sold on every map, PDFs and the mail; pending: taken while the buyer pays, the expiry job.
      changed(
        plan.paidAtOnce ? { ...change, kind: 'paid' } : { ...change, kind: 'created', expiresAt: expiresAt.getTime() },
      );
      return { orderId: order!.id, paymentId: payment?.id ?? null };
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw seatTaken();
    throw err;
  }
}
