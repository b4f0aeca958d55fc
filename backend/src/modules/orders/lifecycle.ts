/**
 * The lifecycles of orders, their payment attempts and their refunds (docs/architecture.md,
 * "Lifecycles"; pretix's `Order._can_be_paid`, `mark_order_paid`, `mark_order_expired` are the model):
 * each named transition with the states it starts from and ends in, the lock it holds, the audit entry
 * it writes and the file that performs it. The code writes states only through these names; the
 * table-driven test (lifecycle.test.ts) and docs/architecture.md list the same transitions.
 */
import type { OrderStatus, PaymentStatus, RefundStatus } from '../../contract/constants';
import { schema, type Db, type Tx } from '../../db';
import { eq } from 'drizzle-orm';
import type { Transition } from '../tickets/lifecycle';

export const ORDER_TRANSITIONS = {
  create: {
    from: [],
    to: 'pending',
    lock: 'the seats’ unique index',
    audit: ['created'],
    where: 'orders/create-order.ts',
  },
  sellAtOnce: {
    from: [],
    to: 'paid',
    lock: 'the seats’ unique index; the till’s shift row (share)',
    audit: ['sold_at_till'],
    where: 'orders/create-order.ts',
  },
  pay: {
    from: ['pending'],
    to: 'paid',
    lock: 'the order row; the session row (share) for canBeSold',
    audit: ['paid'],
    where: 'orders/mark-paid.ts',
  },
  payLate: {
    // A cancelled order's money is refused (mark-paid.ts payRefusal): only an expired one may still sell.
    from: ['expired'],
    to: 'paid',
    lock: 'the order row; the session row (share); the seats’ unique index (savepoint)',
    audit: ['late_payment_sold'],
    where: 'orders/mark-paid.ts',
  },
  expire: {
    from: ['pending'],
    to: 'expired',
    lock: 'the order row',
    audit: ['expired'],
    where: 'orders/close-order.ts (orders/expire-order.ts asks the provider first)',
  },
  cancel: {
    from: ['pending'],
    to: 'cancelled',
    lock: 'the order row',
    audit: ['cancelled'],
    where: 'orders/close-order.ts',
  },
} as const satisfies Record<string, Transition<OrderStatus>>;

/**
 * What the order does with money that may not buy its seats (mark-paid.ts): the state stays, the
 * whole payment goes back through the provider and the buyer is told by mail.
 */
export const MONEY_REFUSED = {
  from: ['pending', 'expired', 'cancelled'],
  lock: 'the order row; the session row (share)',
  audit: ['late_payment_refunded'],
  where: 'orders/mark-paid.ts',
} as const;

export const PAYMENT_TRANSITIONS = {
  create: {
    from: [],
    to: 'creating',
    lock: 'none (a new row, in the order’s transaction)',
    audit: ['created'],
    where: 'orders/create-order.ts',
  },
  answer: {
    from: ['creating'],
    to: 'pending',
    lock: 'none (the provider’s answer to our idempotence key)',
    audit: ['payment_created'],
    where: 'orders/start-payment.ts, orders/apply-payment.ts',
  },
  succeed: {
    from: ['creating', 'pending', 'waiting_for_capture'],
    to: 'succeeded',
    lock: 'the order row',
    audit: [],
    where: 'orders/mark-paid.ts',
  },
  cancel: {
    from: ['creating', 'pending', 'waiting_for_capture'],
    to: 'canceled',
    lock: 'none (the row is only ever closed once; its order is closed under its lock)',
    audit: ['cancelled'],
    where: 'orders/lifecycle.ts cancelAttempt (start-payment, apply-payment, refresh)',
  },
} as const satisfies Record<string, Transition<PaymentStatus>>;

export const REFUND_TRANSITIONS = {
  request: {
    from: [],
    to: 'creating',
    lock: 'the order row (refundRefusal is asked under it)',
    audit: ['refund_requested', 'late_payment_refunded'],
    where: 'orders/refund.ts requestRefunds, orders/mark-paid.ts',
  },
  wait: {
    from: ['creating'],
    to: 'pending',
    lock: 'the order row, then the refund row',
    audit: [],
    where: 'orders/refund.ts settleRefund',
  },
  succeed: {
    from: ['creating', 'pending'],
    to: 'succeeded',
    lock: 'the order row, then the refund row',
    audit: ['refunded'],
    where: 'orders/refund.ts settleRefund',
  },
  refuse: {
    from: ['creating', 'pending'],
    to: 'canceled',
    lock: 'the order row, then the refund row',
    audit: ['refund_refused'],
    where: 'orders/refund.ts settleRefund',
  },
} as const satisfies Record<string, Transition<RefundStatus>>;

/** Attempts the provider has answered and may still complete (reconciliation asks about them). */
export const PAYMENT_MAY_SUCCEED = ['pending', 'waiting_for_capture'] as const satisfies readonly PaymentStatus[];
/** Orders that hold what they bought (a promo code's use): paid, or waiting for their payment. */
export const HOLDING_ORDER_STATUSES = ['pending', 'paid'] as const satisfies readonly OrderStatus[];

export const orderBecomes = (name: keyof typeof ORDER_TRANSITIONS): OrderStatus => ORDER_TRANSITIONS[name].to;
export const paymentBecomes = (name: keyof typeof PAYMENT_TRANSITIONS): PaymentStatus => PAYMENT_TRANSITIONS[name].to;
export const refundBecomes = (name: keyof typeof REFUND_TRANSITIONS): RefundStatus => REFUND_TRANSITIONS[name].to;

/** An order that may still be paid (its payment may still complete): pretix's `_can_be_paid`. */
export const awaitsPayment = (status: OrderStatus): boolean => status === ORDER_TRANSITIONS.pay.from[0];
/** An order that is paid. */
export const isPaidOrder = (status: OrderStatus): boolean => status === orderBecomes('pay');
/** A refund the provider has settled, one way or the other. */
export const isSettledRefund = (status: RefundStatus): boolean =>
  status === refundBecomes('succeed') || status === refundBecomes('refuse');
/** A refund the provider refused. */
export const isRefusedRefund = (status: RefundStatus): boolean => status === refundBecomes('refuse');

/** Why the provider (or we, before it answered) gave a payment attempt up. */
export interface Decline {
  party: string;
  reason: string;
}

/** A payment attempt is over without money: the one way it is written (status, party, reason, time). */
export async function cancelAttempt(db: Db | Tx, attemptId: number, at: Date, decline: Decline): Promise<void> {
  await db
    .update(schema.payments)
    .set({
      status: paymentBecomes('cancel'),
      cancellationParty: decline.party,
      cancellationReason: decline.reason,
      updatedAt: at,
    })
    .where(eq(schema.payments.id, attemptId));
}
