/**
 * Orders (docs/architecture.md, "Orders and payments"): a buyer's seats of one session, paid at once through
 * the payment provider. `POST /api/tickets/store` makes one (pending) and answers where to pay;
 * the order's page follows it until it is paid, declined or expired. Money is shown in roubles.
 */
import { CinemaTimeSchema, IdParamsSchema, IdSchema, InstantSchema, pageSchema, StaffPageQuerySchema } from './common';
import {
  ORDER_ACTIONS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  TICKET_STATUSES,
} from './constants';
import { PUBLIC, requires, SIGNED_IN, type EndpointMap } from './endpoint';
import { SeatCodeSchema } from './seats';
import { OwnTicketSchema, TicketStoreBodySchema, TicketTypeRefSchema, TicketZoneSchema } from './tickets';
import { PushkinTicketSchema } from './pushkin';
import { z } from './zod';

const MoneySchema = z.number().nonnegative();

/** A refund of one line, as the buyer and staff see it. */
export const RefundViewSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  amount: MoneySchema,
  reason: z.string(),
  /** Why the provider refused it (canceled), in Russian. */
  refusal: z.string().nullable(),
  created_at: CinemaTimeSchema,
  settled_at: CinemaTimeSchema.nullable(),
});
export type RefundView = z.infer<typeof RefundViewSchema>;

/** One line: a seat and its price, and the ticket it became (the same id). */
export const OrderLineSchema = z.strictObject({
  ticket_id: z.number().int(),
  seat_number: SeatCodeSchema,
  zone: TicketZoneSchema,
  ticket_type: TicketTypeRefSchema,
  /** The zone's adult price, what the ticket type and the promo code took off it, and the price paid. */
  base: MoneySchema,
  type_discount: MoneySchema,
  promo_discount: MoneySchema,
  price: MoneySchema,
  status: z.enum(TICKET_STATUSES),
  refund: RefundViewSchema.nullable(),
  /**
   * May the one reading it refund the line now (the buyer by the viewer's rule, staff by the back
   * office's: modules/tickets/lifecycle.ts refundRefusal), and if not, why in Russian.
   */
  refundable: z.boolean(),
  refund_refusal: z.string().nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * An order as its buyer sees it. `confirmation_url` is where to pay while it is pending;
 * `expires_at` the payment deadline (an instant) and `server_time` the server's clock, so the page's
 * countdown does not depend on the buyer's clock. `decline` says why a payment was refused.
 */
export const OrderSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(ORDER_CHANNELS),
  total: MoneySchema,
  created_at: CinemaTimeSchema,
  paid_at: CinemaTimeSchema.nullable(),
  expires_at: InstantSchema,
  server_time: InstantSchema,
  confirmation_url: z.string().nullable(),
  decline: z.strictObject({ reason: z.string(), message: z.string() }).nullable(),
  schedule: z.strictObject({
    id: z.number().int(),
    start_time: CinemaTimeSchema,
    hall: z.string(),
    movie: z.strictObject({ id: z.number().int(), title: z.string(), age: z.number().int() }),
  }),
  lines: z.array(OrderLineSchema),
  /** The promo code applied, if any. */
  promo_code: z.string().nullable(),
  /** The tickets once paid (with their check-in codes): for the buyer only; empty otherwise. */
  tickets: z.array(OwnTicketSchema),
});
export type OrderView = z.infer<typeof OrderSchema>;

/**
 * A payment that came after its seats were resold goes back through the provider (no ticket to keep);
 * when the provider refuses that refund, staff must return the money by hand: the back office says so.
 */
export const MANUAL_REFUND_LABEL = 'Возврат отклонён — нужен ручной возврат';
/** The Pushkin card registry refused the order's ticket: online the money goes back by itself, at the till by hand. */
export const PUSHKIN_REFUSED_LABEL = 'Реестр Пушкинской карты отказал — деньги возвращаются';
/** A registration, refund or visit of the order's Pushkin card ticket has not reached the registry in PUSHKIN_STUCK_MINUTES. */
export const PUSHKIN_STUCK_LABEL = 'Не передано в реестр Пушкинской карты';
/** Staff returned that money by hand (the flag is resolved): the button, and the audit trail's line. */
export const RETURNED_BY_HAND_LABEL = 'Деньги вернули вручную';

/** The order as staff see it: its buyer, its payment attempts and its audit trail. */
export const StaffOrderSchema = OrderSchema.omit({ tickets: true }).extend({
  /** The provider refused to return a late payment (MANUAL_REFUND_LABEL), and no one has returned it by hand yet. */
  needs_manual_refund: z.boolean(),
  /** The order's Pushkin card ticket: its holder and its state in the registry; null for other orders. */
  pushkin: PushkinTicketSchema.nullable(),
  /** Who returned such a payment by hand, and when (RETURNED_BY_HAND_LABEL); null when no one did. */
  returned_by_hand: z.strictObject({ by: z.string().nullable(), at: CinemaTimeSchema }).nullable(),
  buyer: z.strictObject({ id: z.number().int(), fio: z.string(), email: z.string() }).nullable(),
  email: z.string().nullable(),
  payments: z.array(
    z.strictObject({
      id: z.number().int(),
      provider: z.string(),
      provider_payment_id: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      amount: MoneySchema,
      cancellation_reason: z.string().nullable(),
      created_at: CinemaTimeSchema,
    }),
  ),
  events: z.array(
    z.strictObject({
      action: z.enum(ORDER_ACTIONS),
      actor: z.string().nullable(),
      channel: z.enum(ORDER_CHANNELS),
      reason: z.string().nullable(),
      at: CinemaTimeSchema,
    }),
  ),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

/** A row of the back office's orders table. */
export const StaffOrderRowSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(ORDER_CHANNELS),
  total: MoneySchema,
  refunded: MoneySchema,
  created_at: CinemaTimeSchema,
  buyer: z.string().nullable(),
  film: z.string(),
  start_time: CinemaTimeSchema,
  seats: z.array(SeatCodeSchema),
  provider_payment_id: z.string().nullable(),
  needs_manual_refund: z.boolean(),
  /** The Pushkin card registry refused its ticket (PUSHKIN_REFUSED_LABEL): the money goes back. */
  pushkin_refused: z.boolean(),
  /** Its Pushkin card ticket's registration, refund or visit has not reached the registry (PUSHKIN_STUCK_LABEL). */
  pushkin_stuck: z.boolean(),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRowSchema>;

export const StaffOrderQuerySchema = StaffPageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  schedule_id: IdSchema.optional(),
  /**
   * manual_refund: only the orders whose money must be returned by hand (MANUAL_REFUND_LABEL); pushkin_refused: those
   * whose Pushkin card ticket the registry refused (PUSHKIN_REFUSED_LABEL); pushkin_stuck: those whose Pushkin card
   * ticket has not reached the registry (PUSHKIN_STUCK_LABEL).
   */
  flag: z.enum(['manual_refund', 'pushkin_refused', 'pushkin_stuck']).optional(),
});

const ReasonSchema = z.string().trim().min(3, 'Напишите причину возврата').max(500, 'Не больше 500 символов');

/** Staff refund: some lines of the order (all refundable ones when none are named), with a reason. */
export const StaffRefundBodySchema = z.strictObject({
  ticket_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(50).optional(),
  reason: ReasonSchema,
});
export type StaffRefundBody = z.infer<typeof StaffRefundBodySchema>;

/**
 * A YooKassa notification: only the event and the object's id are read; the object is fetched
 * again from the provider before anything is done (the body is never trusted).
 */
export const YooKassaNotificationSchema = z.strictObject({
  type: z.literal('notification'),
  event: z.string().max(64),
  object: z.looseObject({ id: z.string().min(1).max(64) }),
});

export const orderEndpoints = {
  /** 201 with the pending order and where to pay; 409 seat_taken, hold_expired, session_started, price_changed; 503 when the provider cannot be reached. */
  'POST /tickets/store': {
    summary: 'Оформить заказ на удерживаемые места сеанса и перейти к оплате',
    access: SIGNED_IN,
    body: TicketStoreBodySchema,
    response: OrderSchema,
    status: 201,
  },
  /** The buyer's own order, or any for staff who may read orders; anyone else 404. */
  'GET /orders/:id': {
    summary: 'Заказ: статус оплаты, места, сумма и, после оплаты, билеты',
    access: SIGNED_IN,
    params: IdParamsSchema,
    response: OrderSchema,
  },
  /** The buyer gives up a pending order (to choose other seats): 409 order_paid when the money has come. */
  'POST /orders/:id/cancel': {
    summary: 'Отменить неоплаченный заказ и освободить места',
    access: SIGNED_IN,
    params: IdParamsSchema,
    response: OrderSchema,
  },
  'GET /orders': {
    summary: 'Заказы для панели: статус, сумма, платёж, возвраты',
    access: requires('orders', 'list'),
    query: StaffOrderQuerySchema,
    response: pageSchema(StaffOrderRowSchema),
  },
  'GET /orders/:id/details': {
    summary: 'Заказ для панели: платежи, возвраты и журнал действий',
    access: requires('orders', 'read'),
    params: IdParamsSchema,
    response: StaffOrderSchema,
  },
  /** 409 refund_pending, ticket_refunded, ticket_used; refund_refused when the provider says no. */
  'POST /orders/:id/refund': {
    summary: 'Вернуть деньги за заказ или его билеты, с причиной',
    access: requires('orders', 'refund'),
    params: IdParamsSchema,
    body: StaffRefundBodySchema,
    response: StaffOrderSchema,
  },
  /** 409 order_closed when the order has no refused refund waiting to be returned by hand. */
  'POST /orders/:id/returned-by-hand': {
    summary: 'Отметить, что отклонённый возврат деньги вернули вручную',
    access: requires('orders', 'refund'),
    params: IdParamsSchema,
    response: StaffOrderSchema,
  },
  /** From the provider's addresses only (403 otherwise); 503 asks it to deliver again later. */
  'POST /payments/yookassa/notifications': {
    summary: 'Уведомление ЮKassa о платеже или возврате',
    access: PUBLIC,
    body: YooKassaNotificationSchema,
    response: z.strictObject({ ok: z.literal(true) }),
  },
} as const satisfies EndpointMap;
