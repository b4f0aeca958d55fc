/**
 * The bodies the client sends: a payment with its 54-FZ receipt, a refund with its own receipt. Field
 * names and limits from the API reference (POST /v3/payments, POST /v3/refunds) and docs/architecture.md, "YooKassa facts the code relies on".
 */
import type { CreatePaymentInput, CreateRefundInput, Receipt } from '../provider';
import { kopecksToValue } from './amount';

export type PaymentMode = 'full_payment' | 'full_prepayment';

/** How the shop's receipts are taxed: its configuration, not the order's. */
export interface ReceiptSettings {
  /** 1..12 (1: без НДС). */
  vatCode: number;
  paymentMode: PaymentMode;
}

/** A payment's description and a receipt line's are limited to 128 characters, a refund's to 250. */
export const PAYMENT_DESCRIPTION_MAX = 128;
export const REFUND_DESCRIPTION_MAX = 250;

/** Cut to the provider's limit (a long film title must not refuse the whole payment), by code points. */
export function fitText(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

const rub = (kopecks: number) => ({ value: kopecksToValue(kopecks), currency: 'RUB' });

/** One item per ticket: quantity 1, the unit price, a service. */
export function receiptBody(receipt: Receipt, settings: ReceiptSettings) {
  return {
    customer: { email: receipt.email },
    items: receipt.items.map((item) => ({
      description: fitText(item.description, PAYMENT_DESCRIPTION_MAX),
      quantity: '1.00',
      amount: rub(item.amountKopecks),
      vat_code: settings.vatCode,
      payment_mode: settings.paymentMode,
      payment_subject: 'service',
    })),
  };
}

/**
 * POST /v3/payments: one-stage (`capture: true`), confirmed on the provider's page, then back to the order;
 * or SBP by QR (`payment_method_data: {type: sbp}`, `confirmation: {type: qr}`), scanned at the counter.
 */
export function paymentBody(input: CreatePaymentInput, settings: ReceiptSettings) {
  return {
    amount: rub(input.amountKopecks),
    capture: true,
    ...(input.method === 'sbp'
      ? { payment_method_data: { type: 'sbp' }, confirmation: { type: 'qr' } }
      : { confirmation: { type: 'redirect', return_url: input.returnUrl } }),
    description: fitText(input.description, PAYMENT_DESCRIPTION_MAX),
    metadata: { order_id: String(input.orderId) },
    ...(input.receipt && { receipt: receiptBody(input.receipt, settings) }),
  };
}

/** POST /v3/refunds: without a receipt the provider reuses the payment's (a full refund). */
export function refundBody(input: CreateRefundInput, settings: ReceiptSettings) {
  return {
    payment_id: input.paymentId,
    amount: rub(input.amountKopecks),
    description: fitText(input.description, REFUND_DESCRIPTION_MAX),
    ...(input.receipt && { receipt: receiptBody(input.receipt, settings) }),
  };
}
