/**
 * The Pushkin card (REGISTRIES.md §2): a personal ticket — the holder's full name and mobile phone, as in their
 * Госуслуги.Культура profile, are taken at the purchase; one ticket per holder per session, paid wholly by the card.
 */
import { z } from './zod';

/** A Russian mobile number typed any usual way (+7 916 123-45-67, 8 916 1234567, 9161234567) → its 10 digits. */
export function mobileDigits(text: string): string | null {
  const digits = text.replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

export const PushkinVisitorSchema = z.strictObject({
  /** Фамилия Имя Отчество, as in the holder's Госуслуги.Культура profile. */
  full_name: z
    .string({ error: 'Укажите ФИО владельца Пушкинской карты' })
    .trim()
    .min(1, 'Укажите ФИО владельца Пушкинской карты')
    .max(255, 'Не длиннее 255 символов')
    .refine((name) => name.split(/\s+/).length >= 2, 'Укажите фамилию и имя, как в профиле Госуслуги.Культура'),
  /** The holder's mobile phone; stored as 10 digits. */
  phone: z
    .string({ error: 'Укажите телефон владельца карты' })
    .trim()
    .max(20, 'Телефон — не длиннее 20 символов')
    .refine((phone) => mobileDigits(phone) !== null, 'Телефон: +7 и 10 цифр, например +7 916 123-45-67'),
});
export type PushkinVisitor = z.infer<typeof PushkinVisitorSchema>;

/**
 * A registration, refund or visit the registry has not got this long after it happened (its job gave up, or was
 * lost) is sent again by the workers' sweep and flagged to staff (PUSHKIN_STUCK_LABEL).
 */
export const PUSHKIN_STUCK_MINUTES = 15;

/** What an order line or a staff view shows of a Pushkin card ticket. */
export const PushkinTicketSchema = z.strictObject({
  visitor_name: z.string(),
  /** PUSHKIN_TICKET_STATUSES: registered in the registry, refused, refunded, visited… */
  status: z.string(),
  status_label: z.string(),
  /** The registry's refusal or last failure. */
  error: z.string().nullable(),
});
