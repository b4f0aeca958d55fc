/**
 * What the cashier typed or scanned to refund: a ticket's number (digits only) or its QR code (the signed
 * check-in code a barcode scanner types, then Enter).
 */
import type { TillRefundBody } from '@kino/backend/contract';

const MAX_TICKET_ID = 2_147_483_647;

export function refundTarget(typed: string): Pick<TillRefundBody, 'ticket_id' | 'code'> | null {
  const text = typed.trim().replace(/^№\s*/, '');
  if (text === '') return null;
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    if (id >= 1 && id <= MAX_TICKET_ID) return { ticket_id: id };
  }
  return { code: text };
}
