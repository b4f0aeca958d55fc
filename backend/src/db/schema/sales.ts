/**
 * Sales (docs/architecture.md, "Orders and payments", "Lifecycles", "The box office"): the cashiers' shifts,
 * orders and their lines (tickets), payment attempts at the provider, refunds and every order's audit trail.
 * What the registries are told of the same sales is in pushkin.ts, fiscal.ts and eais.ts.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ACTIVE_REFUND_STATUSES,
  LIVE_TICKET_STATUS,
  ORDER_ACTIONS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  type OrderAction,
  type OrderChannel,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  REFUND_METHODS,
  type RefundMethod,
  REFUND_STATUSES,
  type RefundStatus,
  ADULT_TICKET_TYPE,
  SEAT_OCCUPYING_TICKET_STATUSES,
  STANDARD_ZONE,
  type TicketStatus,
  SEAT_CODE_PATTERN,
  TICKET_STATUSES,
  WATCHING_STATES,
} from '../../contract/constants';
import { createdAt, inList } from './columns';
import { users } from './people';
import { seatZones } from './halls';
import { ticketTypes } from './prices';
import { sessions } from './sessions';
import { promoCodes } from './promo-codes';

/**
 * A cashier's shift at a till: opened with a float, every till sale and counter refund counts to it, closed with
 * the counted cash (expected = float + cash in − cash out, fixed at closing).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    cashierId: integer('cashier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    till: varchar('till', { length: 40 }).notNull(),
    floatKopecks: integer('float_kopecks').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    countedKopecks: integer('counted_kopecks'),
    expectedKopecks: integer('expected_kopecks'),
  },
  (t) => [
    check('shifts_float_not_negative', sql`${t.floatKopecks} >= 0`),
    check(
      'shifts_closed_with_count',
      sql`(${t.closedAt} is null) = (${t.countedKopecks} is null) and (${t.closedAt} is null) = (${t.expectedKopecks} is null)`,
    ),
    check('shifts_counted_not_negative', sql`${t.countedKopecks} is null or ${t.countedKopecks} >= 0`),
    /** One open shift per cashier and one per till. */
    uniqueIndex('shifts_open_cashier_unique')
      .on(t.cashierId)
      .where(sql`${t.closedAt} is null`),
    uniqueIndex('shifts_open_till_unique')
      .on(t.till)
      .where(sql`${t.closedAt} is null`),
    index('shifts_opened_idx').on(t.openedAt),
  ],
);

/**
 * An order (docs/architecture.md, "Orders and payments"): a buyer's seats of one session, paid at once. Its lines
 * are its tickets. Each change of its state is a named operation (modules/orders/) with an audit entry.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The buyer's account (a walk-in at the till will have none). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    channel: varchar('channel', { length: 20 }).$type<OrderChannel>().notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    /** The sum of its lines, kopecks. */
    totalKopecks: integer('total_kopecks').notNull(),
    /** Where the receipt and the tickets go. */
    email: varchar('email', { length: 255 }),
    /** A till buyer's phone (+7XXXXXXXXXX) given instead of an e-mail: the register sends the receipt there. */
    phone: varchar('phone', { length: 16 }),
    /** The promo code applied to it. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** A pending order is given up at this time unless the provider says it was paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it expired or was cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** How it is paid (PAYMENT_METHODS): online for the website and the till's payment links. */
    paymentMethod: varchar('payment_method', { length: 10 }).$type<PaymentMethod>().notNull().default('online'),
    /** The staff member who sold it at the till, the till's name and the shift it counts to. */
    soldBy: integer('sold_by').references(() => users.id, { onDelete: 'restrict' }),
    till: varchar('till', { length: 40 }),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    /** Cash: what the buyer handed over (the change is the difference). */
    cashGivenKopecks: integer('cash_given_kopecks'),
    /** Card on the bank's terminal: its retrieval reference number, when the cashier typed it. */
    cardRrn: varchar('card_rrn', { length: 12 }),
    /**
     * A Pushkin card payment (ЕАИС's form): the terminal's id and its owner's ИНН — the cinema's terminal at the
     * till, the second YooKassa shop online (the RRN is card_rrn).
     */
    terminalId: varchar('terminal_id', { length: 32 }),
    terminalOwnerInn: varchar('terminal_owner_inn', { length: 12 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_status_valid', inList('status', ORDER_STATUSES)),
    check('orders_channel_valid', inList('channel', ORDER_CHANNELS)),
    check('orders_payment_method_valid', inList('payment_method', PAYMENT_METHODS)),
    /** Only the till takes cash or cards, and what it sells counts to a shift. */
    check(
      'orders_till_fields',
      sql`(${t.paymentMethod} in ('online', 'pushkin') or ${t.channel} = 'box_office') and (${t.channel} = 'web') = (${t.soldBy} is null)`,
    ),
    check('orders_cash_given', sql`${t.cashGivenKopecks} is null or ${t.cashGivenKopecks} >= ${t.totalKopecks}`),
    index('orders_shift_idx').on(t.shiftId),
    check('orders_total_not_negative', sql`${t.totalKopecks} >= 0`),
    check('orders_paid_at_with_status', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index('orders_user_idx').on(t.userId),
    index('orders_session_idx').on(t.sessionId),
    /** The expiry sweep's way in. */
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A payment attempt at the provider for an order; the idempotence key is stored before the call. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** The provider's id, once it answered. */
    providerPaymentId: varchar('provider_payment_id', { length: 64 }),
    idempotenceKey: varchar('idempotence_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 30 }).$type<PaymentStatus>().notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    confirmationUrl: text('confirmation_url'),
    /** Why it was cancelled (the provider's party and reason). */
    cancellationParty: varchar('cancellation_party', { length: 40 }),
    cancellationReason: varchar('cancellation_reason', { length: 60 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_valid', inList('status', PAYMENT_STATUSES)),
    check('payments_amount_positive', sql`${t.amountKopecks} > 0`),
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotence_key_unique').on(t.idempotenceKey),
    index('payments_order_idx').on(t.orderId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    /** The order this ticket is a line of. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    /** The buyer's account; null for a walk-in at the till. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    seatNumber: varchar('seat_number', { length: 6 }).notNull(),
    /** What the buyer pays for this seat, kopecks, fixed when the order is made: base − type − promo. */
    priceKopecks: integer('price_kopecks').notNull(),
    /** The price's making, as quoted when the order was made (editing prices never changes it). */
    zoneCode: varchar('zone_code', { length: 20 })
      .notNull()
      .default(STANDARD_ZONE)
      .references(() => seatZones.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    ticketTypeCode: varchar('ticket_type_code', { length: 20 })
      .notNull()
      .default(ADULT_TICKET_TYPE)
      .references(() => ticketTypes.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    basePriceKopecks: integer('base_price_kopecks').notNull(),
    typeDiscountKopecks: integer('type_discount_kopecks').notNull().default(0),
    promoDiscountKopecks: integer('promo_discount_kopecks').notNull().default(0),
    /** When it was sold (while pending: when the order was made). */
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    /** See TICKET_STATUSES: pending → paid → refunded, or pending → cancelled. */
    status: varchar('status', { length: 20 }).$type<TicketStatus>().notNull(),
    /** 0 not yet shown, 1 showing now, 2 finished: moves forward with the session's clock (workers). */
    isWatching: smallint('is_watching').notNull().default(0),
    /** When the door admitted it; a ticket is admitted once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tickets_seat_number_format', sql.raw(`seat_number ~ '${SEAT_CODE_PATTERN}'`)),
    check('tickets_price_positive', sql`${t.priceKopecks} > 0`),
    check(
      'tickets_price_breakdown',
      sql`${t.priceKopecks} = ${t.basePriceKopecks} - ${t.typeDiscountKopecks} - ${t.promoDiscountKopecks} and ${t.typeDiscountKopecks} >= 0 and ${t.promoDiscountKopecks} >= 0`,
    ),
    check('tickets_status_valid', inList('status', TICKET_STATUSES)),
    check('tickets_is_watching_valid', inList('is_watching', WATCHING_STATES)),
    /** A refund time exactly when refunded. */
    check('tickets_refunded_at_with_status', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    /** Only a live ticket can have been admitted: a used ticket is never refunded or cancelled. */
    check('tickets_used_only_live', sql.raw(`used_at is null or status = '${LIVE_TICKET_STATUS}'`)),
    /** The last guard against a double sale: one seat-occupying ticket per seat and session. */
    uniqueIndex('tickets_live_seat_unique')
      .on(t.sessionId, t.seatNumber)
      .where(inList('status', SEAT_OCCUPYING_TICKET_STATUSES)),
    index('tickets_user_idx').on(t.userId),
    index('tickets_order_idx').on(t.orderId),
    /** The watching sweep's way in: tickets whose session has not finished for them yet. */
    index('tickets_watching_pending_idx')
      .on(t.sessionId)
      .where(sql`${t.isWatching} < 2`),
  ],
);

/** Money given back for one line, through the provider (or, for an order paid without one, at once). */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The line refunded; null when a whole payment goes back (it came after its seats were resold). */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'restrict' }),
    /** The payment refunded from; null when the order was paid without a provider payment. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    idempotenceKey: varchar('idempotence_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 20 }).$type<RefundStatus>().notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    /** Why the money goes back, as told by the person who asked (or the rule that did). */
    reason: text('reason').notNull(),
    /** Who asked; null when a rule did (a payment that came after its seats were resold). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'restrict' }),
    cancellationReason: varchar('cancellation_reason', { length: 60 }),
    /** How the money goes back (REFUND_METHODS); cash and card refunds at the counter count to a shift. */
    method: varchar('method', { length: 10 }).$type<RefundMethod>().notNull().default('provider'),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A refused refund of a whole payment staff returned by hand ('Деньги вернули вручную'): who, and when. */
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_status_valid', inList('status', REFUND_STATUSES)),
    check('refunds_method_valid', inList('method', REFUND_METHODS)),
    index('refunds_shift_idx').on(t.shiftId),
    check('refunds_amount_positive', sql`${t.amountKopecks} > 0`),
    uniqueIndex('refunds_idempotence_key_unique').on(t.idempotenceKey),
    uniqueIndex('refunds_provider_id_unique').on(t.providerRefundId),
    /** A line is refunded once: at most one refund under way or done. */
    uniqueIndex('refunds_active_ticket_unique').on(t.ticketId).where(inList('status', ACTIVE_REFUND_STATUSES)),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** The audit trail: who did what to an order, when, why, through which channel. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 40 }).$type<OrderAction>().notNull(),
    /** The person who acted; null for the provider or a rule (expiry, reconciliation). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 20 }).$type<OrderChannel>().notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_events_action_valid', inList('action', ORDER_ACTIONS)),
    index('order_events_order_idx').on(t.orderId),
  ],
);
