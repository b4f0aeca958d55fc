/**
 * The sale the till sends (POST /api/till/orders) from the seats on the map, their ticket types, the
 * promo code that applies and the payment typed at the counter — checked before sending with the
 * contract's own schema and messages, and with the cash given against the total shown.
 */
import { formatRoubles, TillOrderBodySchema, type TillMethod, type TillOrderBody } from '@kino/backend/contract';
import type { ChosenLine } from '../../../shared/seats/prices';
import { checkCash } from './cash';

export interface Payment {
  method: TillMethod;
  /** Cash handed over, as typed ('' = the exact total). */
  given: string;
  /** Card: the terminal's RRN, as typed ('' = none). */
  rrn: string;
  /** The buyer's e-mail, as typed ('' = none; a link needs one). */
  contact: string;
  /** Pushkin card: the holder's full name and phone, and the Pushkin terminal's id (RRN in `rrn`). */
  fullName: string;
  phone: string;
  terminalId: string;
}

export type SaleRequest = { ok: true; body: TillOrderBody } | { ok: false; fields: Record<string, string> };

export function saleRequest(
  sessionId: number,
  lines: readonly ChosenLine[],
  promoCode: string,
  total: number,
  payment: Payment,
): SaleRequest {
  const fields: Record<string, string> = {};
  let given: number | undefined;
  if (payment.method === 'cash') {
    const cash = checkCash(total, payment.given);
    if (cash.kind === 'invalid') fields.given = 'Введите сумму цифрами, например 2000 или 1050,50';
    else if (cash.kind === 'short')
      fields.given = `Получено меньше суммы заказа: не хватает ${formatRoubles(cash.missing)}`;
    else if (cash.kind === 'change') given = cash.given;
  }
  const pushkin = payment.method === 'pushkin';
  const rrn = payment.method === 'card' || pushkin ? payment.rrn.trim() : '';
  const terminalId = pushkin ? payment.terminalId.trim() : '';
  const contact = payment.contact.trim();
  const parsed = TillOrderBodySchema.safeParse({
    schedule_id: sessionId,
    lines: lines.map((l) => ({ seat_number: l.seat_number, ticket_type: l.ticket_type })),
    ...(promoCode ? { promo_code: promoCode } : {}),
    method: payment.method,
    ...(given !== undefined ? { given } : {}),
    ...(rrn ? { rrn } : {}),
    ...(contact ? { contact } : {}),
    ...(terminalId ? { terminal_id: terminalId } : {}),
    ...(pushkin && (payment.fullName.trim() || payment.phone.trim())
      ? { visitor: { full_name: payment.fullName, phone: payment.phone } }
      : {}),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  if (Object.keys(fields).length > 0 || !parsed.success) return { ok: false, fields };
  return { ok: true, body: parsed.data };
}
