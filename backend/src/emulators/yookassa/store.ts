/**
 * The emulated shop's payments and refunds, the state changes YooKassa makes to them, and the objects as
 * its API answers them (field names from the API reference and its examples: yookassa.ru/developers/api).
 *
 * Payments: pending → succeeded (capture: true) or waiting_for_capture (capture: false) → succeeded by
 * capture; pending or waiting_for_capture → canceled with `cancellation_details`. A pending payment not
 * confirmed within its lifetime is canceled by YooKassa (`yoo_kassa` / `expired_on_confirmation`).
 * Refunds: of a succeeded payment only, at most what is left of it; they succeed at once unless told
 * otherwise (setRefundOutcome), and a pending one is settled later (settleRefund). A pending refund holds
 * its sum, so two refunds cannot together exceed the payment.
 *
 * Each change that YooKassa notifies about calls `onEvent` with the object as it stands after the change.
 * Operations are synchronous, so a request sees and changes the state in one step.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ApiError, invalidRequest, notFound } from './http';
import type { ParsedReceipt, PaymentRequest, RefundRequest } from './validate';

export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type RefundStatus = 'pending' | 'succeeded' | 'canceled';
export type EmulatorEvent =
  'payment.succeeded' | 'payment.canceled' | 'payment.waiting_for_capture' | 'refund.succeeded';

export interface Cancellation {
  party: string;
  reason: string;
}

export interface Amount {
  value: string;
  currency: 'RUB';
}

/** A payment as GET /v3/payments/{id} answers it. */
export interface PaymentObject {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: Amount;
  income_amount?: Amount;
  confirmation?:
    { type: 'redirect'; return_url: string; confirmation_url: string } | { type: 'qr'; confirmation_data: string };
  created_at: string;
  captured_at?: string;
  description?: string;
  metadata: Record<string, string>;
  payment_method?: Record<string, unknown>;
  /** A card payment once authorised: the bank's RRN and authorisation code (YooKassa's authorization_details). */
  authorization_details?: { rrn: string; auth_code: string };
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  refunded_amount?: Amount;
  cancellation_details?: Cancellation;
  receipt_registration?: 'succeeded';
  test: true;
}

/** A refund as GET /v3/refunds/{id} answers it. */
export interface RefundObject {
  id: string;
  payment_id: string;
  status: RefundStatus;
  amount: Amount;
  created_at: string;
  description?: string;
  cancellation_details?: Cancellation;
  receipt_registration?: 'succeeded';
}

/** What the emulator keeps of a payment beyond its object: what the page shows and the return address. */
export interface StoredPayment {
  id: string;
  status: PaymentStatus;
  amountKopecks: number;
  capture: boolean;
  description?: string;
  metadata: Record<string, string>;
  /** Where the page sends the buyer back; null for SBP by QR (scanned, nowhere to return to). */
  returnUrl: string | null;
  /** The provider's receipt; null for SBP by QR, fiscalised by the shop's register. */
  receipt: ParsedReceipt | null;
  method: 'bank_card' | 'sbp';
  createdAt: string;
  capturedAt?: string;
  cancellation?: Cancellation;
}

interface StoredRefund {
  id: string;
  paymentId: string;
  status: RefundStatus;
  amountKopecks: number;
  description?: string;
  hasReceipt: boolean;
  createdAt: string;
  cancellation?: Cancellation;
}

export type RefundOutcome = RefundStatus;

/** Who YooKassa names as cancelling a payment for a reason (docs/architecture.md, "YooKassa facts the code relies on"; the PHP SDK's party codes). */
export function partyOf(reason: string): string {
  if (reason === 'canceled_by_merchant') return 'merchant';
  if (['expired_on_confirmation', 'expired_on_capture', 'internal_timeout', 'fraud_suspected'].includes(reason)) {
    return 'yoo_kassa';
  }
  return 'payment_network';
}

/** A canceled refund: the card's bank would not take the money back (the PHP SDK's refund reason codes). */
const REFUND_CANCELLATION: Cancellation = { party: 'refund_network', reason: 'rejected_by_payee' };

/** UUID-shaped ids like YooKassa's, e.g. 2f3b588d-000f-5000-8000-1d6e87c7fbde. */
function objectId(kind: '000f' | '0015'): string {
  const hex = randomBytes(14).toString('hex');
  return `${hex.slice(0, 8)}-${kind}-5000-${'89ab'[randomBytes(1)[0]! & 3]}${hex.slice(8, 11)}-${hex.slice(11, 23)}`;
}

/** 70000 → "700.00", on digits. */
export function amountOf(kopecks: number): Amount {
  const digits = String(kopecks).padStart(3, '0');
  return { value: `${digits.slice(0, -2)}.${digits.slice(-2)}`, currency: 'RUB' };
}

export interface StoreOptions {
  shopId: string;
  /** The emulator's own address: confirmation URLs point at its page. */
  baseUrl: () => string;
  paymentLifetimeMs: number;
  onEvent: (event: EmulatorEvent, object: PaymentObject | RefundObject) => void;
}

/** See the file's comment. */
export function createStore(options: StoreOptions) {
  const payments = new Map<string, StoredPayment>();
  const refunds = new Map<string, StoredRefund>();
  const lifetimes = new Map<string, NodeJS.Timeout>();
  let refundOutcome: RefundOutcome = 'succeeded';
  const now = () => new Date().toISOString();

  const refundsOf = (paymentId: string) => [...refunds.values()].filter((r) => r.paymentId === paymentId);
  const refundedKopecks = (paymentId: string) =>
    refundsOf(paymentId)
      .filter((r) => r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amountKopecks, 0);
  /** What may still be refunded: pending refunds hold their sums. */
  const leftKopecks = (p: StoredPayment) =>
    p.amountKopecks -
    refundsOf(p.id)
      .filter((r) => r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amountKopecks, 0);

  function paymentObject(p: StoredPayment): PaymentObject {
    const paid = p.status === 'succeeded' || p.status === 'waiting_for_capture';
    const refunded = refundedKopecks(p.id);
    return {
      id: p.id,
      status: p.status,
      paid,
      amount: amountOf(p.amountKopecks),
      ...(p.status === 'succeeded' && { income_amount: amountOf(p.amountKopecks) }),
      ...(p.status === 'pending' && {
        confirmation:
          p.returnUrl === null
            ? // An NSPK-shaped link (type 02: a one-off dynamic QR) to the emulator's page, where the "bank app" pays.
              {
                type: 'qr' as const,
                confirmation_data: `${options.baseUrl()}/payments/${p.id}?type=02&sum=${p.amountKopecks}&cur=RUB`,
              }
            : {
                type: 'redirect' as const,
                return_url: p.returnUrl,
                confirmation_url: `${options.baseUrl()}/payments/${p.id}`,
              },
      }),
      created_at: p.createdAt,
      ...(p.capturedAt && { captured_at: p.capturedAt }),
      ...(p.description !== undefined && { description: p.description }),
      metadata: p.metadata,
      ...(p.method === 'sbp' && {
        payment_method: { type: 'sbp', id: p.id, saved: false, ...(paid && { title: 'СБП' }) },
      }),
      ...(paid && {
        authorization_details: rrnOf(p.id),
      }),
      ...(paid &&
        p.method === 'bank_card' && {
          payment_method: {
            type: 'bank_card',
            id: p.id,
            saved: false,
            title: 'Bank card *4477',
            card: { first6: '555555', last4: '4477', expiry_year: '2030', expiry_month: '12', card_type: 'MasterCard' },
          },
        }),
      recipient: { account_id: options.shopId, gateway_id: `${options.shopId}01` },
      refundable: p.status === 'succeeded' && leftKopecks(p) > 0,
      ...(refunded > 0 && { refunded_amount: amountOf(refunded) }),
      ...(p.cancellation && { cancellation_details: p.cancellation }),
      ...(p.status === 'succeeded' && p.receipt && { receipt_registration: 'succeeded' as const }),
      test: true,
    };
  }

  function refundObject(r: StoredRefund): RefundObject {
    return {
      id: r.id,
      payment_id: r.paymentId,
      status: r.status,
      amount: amountOf(r.amountKopecks),
      created_at: r.createdAt,
      ...(r.description !== undefined && { description: r.description }),
      ...(r.cancellation && { cancellation_details: r.cancellation }),
      ...(r.hasReceipt && r.status === 'succeeded' && { receipt_registration: 'succeeded' as const }),
    };
  }

  function payment(id: string): StoredPayment {
    const found = payments.get(id);
    if (!found) throw notFound(`Payment ${id} doesn't exist or access denied`, 'payment_id');
    return found;
  }

  function refund(id: string): StoredRefund {
    const found = refunds.get(id);
    if (!found) throw notFound(`Refund ${id} doesn't exist or access denied`, 'refund_id');
    return found;
  }

  function settlePayment(p: StoredPayment, status: PaymentStatus, cancellation?: Cancellation) {
    p.status = status;
    if (status === 'succeeded') p.capturedAt = now();
    if (cancellation) p.cancellation = cancellation;
    if (status !== 'pending') {
      clearTimeout(lifetimes.get(p.id));
      lifetimes.delete(p.id);
    }
    const event = status === 'waiting_for_capture' ? 'payment.waiting_for_capture' : `payment.${status}`;
    const object = paymentObject(p);
    options.onEvent(event as EmulatorEvent, object);
    return object;
  }

  function requireStatus(p: StoredPayment, allowed: PaymentStatus[], action: string) {
    if (!allowed.includes(p.status)) {
      throw invalidRequest(`Payment ${p.id} is ${p.status}: it cannot be ${action}`, 'payment_id');
    }
  }

  return {
    paymentObject: (id: string) => paymentObject(payment(id)),
    refundObject: (id: string) => refundObject(refund(id)),
    /** The payment as the page needs it; undefined when there is none. */
    stored: (id: string): Readonly<StoredPayment> | undefined => payments.get(id),
    allPayments: () => [...payments.values()].map(paymentObject),
    allRefunds: () => [...refunds.values()].map(refundObject),

    createPayment(request: PaymentRequest): PaymentObject {
      const p: StoredPayment = {
        id: objectId('000f'),
        status: 'pending',
        amountKopecks: request.amount.value,
        capture: request.capture,
        ...(request.description !== undefined && { description: request.description }),
        metadata: request.metadata ?? {},
        returnUrl: request.confirmation.type === 'redirect' ? request.confirmation.return_url : null,
        receipt: request.receipt ?? null,
        method: request.payment_method_data?.type ?? 'bank_card',
        createdAt: now(),
      };
      payments.set(p.id, p);
      const timer = setTimeout(() => {
        if (p.status === 'pending')
          settlePayment(p, 'canceled', { party: 'yoo_kassa', reason: 'expired_on_confirmation' });
      }, options.paymentLifetimeMs);
      timer.unref();
      lifetimes.set(p.id, timer);
      return paymentObject(p);
    },

    /** The buyer confirmed: money taken (capture: true) or held for the shop to capture. */
    confirm(id: string): PaymentObject {
      const p = payment(id);
      requireStatus(p, ['pending'], 'paid');
      return settlePayment(p, p.capture ? 'succeeded' : 'waiting_for_capture');
    },

    decline(id: string, cancellation: Cancellation): PaymentObject {
      const p = payment(id);
      requireStatus(p, ['pending', 'waiting_for_capture'], 'canceled');
      return settlePayment(p, 'canceled', cancellation);
    },

    capture(id: string, amountKopecks?: number): PaymentObject {
      const p = payment(id);
      requireStatus(p, ['waiting_for_capture'], 'captured');
      if (amountKopecks !== undefined) {
        if (amountKopecks > p.amountKopecks)
          throw invalidRequest('The capture amount exceeds the payment amount', 'amount');
        p.amountKopecks = amountKopecks;
      }
      return settlePayment(p, 'succeeded');
    },

    cancel(id: string): PaymentObject {
      const p = payment(id);
      requireStatus(p, ['waiting_for_capture'], 'canceled');
      return settlePayment(p, 'canceled', { party: 'merchant', reason: 'canceled_by_merchant' });
    },

    createRefund(request: RefundRequest): RefundObject {
      const p = payments.get(request.payment_id);
      if (!p) throw invalidRequest(`Payment ${request.payment_id} doesn't exist or access denied`, 'payment_id');
      if (p.status !== 'succeeded') {
        throw invalidRequest(`Payment ${p.id} is ${p.status}: only a succeeded payment can be refunded`, 'payment_id');
      }
      const left = leftKopecks(p);
      if (left === 0) throw invalidRequest('Payment is already completely refunded', 'payment_id');
      if (request.amount.value > left) throw invalidRequest('Refund sum exceeded', 'amount');
      // A full refund reuses the payment's receipt; a partial one must say what is returned (a payment
      // without the provider's receipt is returned on the shop's own register).
      if (request.amount.value < p.amountKopecks && p.receipt && !request.receipt) {
        throw invalidRequest('A partial refund needs a receipt of the refunded items', 'receipt');
      }
      const r: StoredRefund = {
        id: objectId('0015'),
        paymentId: p.id,
        status: refundOutcome,
        amountKopecks: request.amount.value,
        ...(request.description !== undefined && { description: request.description }),
        hasReceipt: request.receipt !== undefined,
        createdAt: now(),
        ...(refundOutcome === 'canceled' && { cancellation: REFUND_CANCELLATION }),
      };
      refunds.set(r.id, r);
      const object = refundObject(r);
      if (r.status === 'succeeded') options.onEvent('refund.succeeded', object);
      return object;
    },

    setRefundOutcome(outcome: RefundOutcome) {
      refundOutcome = outcome;
    },

    /** A pending refund's end; YooKassa notifies refund.succeeded only (there is no refund.canceled event). */
    settleRefund(id: string, outcome: 'succeeded' | 'canceled'): RefundObject {
      const r = refund(id);
      if (r.status !== 'pending') throw new ApiError(400, 'invalid_request', `Refund ${id} is already ${r.status}`);
      r.status = outcome;
      if (outcome === 'canceled') r.cancellation = REFUND_CANCELLATION;
      const object = refundObject(r);
      if (outcome === 'succeeded') options.onEvent('refund.succeeded', object);
      return object;
    },

    close() {
      for (const timer of lifetimes.values()) clearTimeout(timer);
      lifetimes.clear();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** The bank's 12-digit RRN and 6-digit code of a paid payment, fixed by its id (the same on every read). */
function rrnOf(id: string): { rrn: string; auth_code: string } {
  const digest = createHash('sha256').update(id).digest();
  const digits = (n: number) => String(digest.readUIntBE(0, 6) % 10 ** n).padStart(n, '0');
  return { rrn: digits(12), auth_code: String(digest.readUInt32BE(6) % 1_000_000).padStart(6, '0') };
}
