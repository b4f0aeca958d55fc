/**
 * The payment provider as the orders domain sees it: create a payment, read it, refund it. Money is
 * integer kopecks here; the client of a real provider (yookassa/client.ts) converts at its edge.
 * Nothing here decides that money moved: callers act only on what `getPayment` / `getRefund` answer.
 */

export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

/** Why the provider (or the bank) cancelled a payment or refused a refund. */
export interface ProviderCancellation {
  /** merchant | yoo_kassa | payment_network (YooKassa's `party`). */
  party: string;
  /** insufficient_funds, card_expired, expired_on_confirmation, general_decline, … */
  reason: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountKopecks: number;
  /**
   * Where the buyer confirms the payment while it waits for them, null once that is over: the provider's
   * page, or for an SBP payment by QR the QR's content (the provider's `confirmation_data`).
   */
  confirmationUrl: string | null;
  /** The order it pays for, as written in its metadata when it was created; null when absent. */
  orderId: number | null;
  cancellation: ProviderCancellation | null;
  /** Kopecks already refunded from it (0 when none). */
  refundedKopecks: number;
  /** The card operation's retrieval reference number, once authorised (YooKassa's authorization_details.rrn). */
  rrn: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: ProviderRefundStatus;
  amountKopecks: number;
  cancellation: ProviderCancellation | null;
}

/** One line of a fiscal receipt (54-FZ): one ticket, quantity 1. */
export interface ReceiptItem {
  /** Film, date and time, row and seat (≤ 128 characters). */
  description: string;
  /** The unit price. */
  amountKopecks: number;
}

/** The receipt sent with a payment or a partial refund; tax fields come from the provider's configuration. */
export interface Receipt {
  email: string;
  items: ReceiptItem[];
}

export interface CreatePaymentInput {
  orderId: number;
  amountKopecks: number;
  /** Shown to the buyer on the provider's page (≤ 128 characters). */
  description: string;
  /** Where the provider sends the buyer back: the order's own page. */
  returnUrl: string;
  /**
   * The provider's own receipt: always online; none for SBP at the counter, whose receipt the cinema's
   * cash register prints (modules/fiscal).
   */
  receipt: Receipt | null;
  /** 'sbp': paid by the Faster Payments System, confirmed by scanning a QR (the till's counter payment). */
  method?: 'sbp';
  /** Stored with the attempt before the call, and reused when the outcome is unknown (timeout, 5xx). */
  idempotenceKey: string;
}

export interface CreateRefundInput {
  paymentId: string;
  amountKopecks: number;
  description: string;
  /** Required for a partial refund; a full refund reuses the payment's receipt. */
  receipt?: Receipt;
  idempotenceKey: string;
}

export interface PaymentProvider {
  /** The name stored with each payment ('yookassa'). */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  getRefund(id: string): Promise<ProviderRefund>;
}

/**
 * A call the provider did not complete. `refused`: it answered 4xx, the outcome is final and a new
 * attempt needs a new idempotence key. `unavailable`: a timeout, a network error or 5xx persisted
 * through the client's retries with the same key: the outcome is unknown, ask again later.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly details: { status?: number; code?: string; parameter?: string } = {},
  ) {
    super(message);
  }
}
