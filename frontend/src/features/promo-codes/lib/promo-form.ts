/**
 * A promo code as its form holds it: texts and calendar days, read into the contract's body at the
 * submit. Validity is whole days in the cinema's zone: from the first day's midnight to the midnight
 * after the last day (the last day counts).
 */
import {
  addDays,
  formatRoubles,
  fromCinemaTime,
  PromoCodeBodySchema,
  toCinemaDate,
  type PromoCode,
  type PromoKind,
} from '@kino/backend/contract';
import { z } from 'zod';
import { numberOf, numberText, optionalNumberOf } from '../../../shared/lib/number-text';

export const KIND_LABELS: Record<PromoKind, string> = { percent: 'Процент от цены', amount: 'Сумма с заказа, ₽' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a cinema day starts; '' when the text is not a day. */
function dayStart(date: string): string {
  if (!DAY.test(date)) return '';
  try {
    return fromCinemaTime(`${date} 00:00`).toISOString();
  } catch {
    return '';
  }
}

/**
 * The form's check, in one stage: a missing day is reported with the code's and the value's
 * complaints, not before them (the contract's schema runs on a stand-in day meanwhile).
 */
export const PromoFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'amount'], { error: 'Выберите вид скидки' }),
    value: z.string(),
    valid_from: z.string(),
    valid_until: z.string(),
    total_limit: z.string(),
    per_buyer_limit: z.string(),
    active: z.boolean(),
    film_ids: z.array(z.number()),
    session_ids: z.array(z.number()),
  })
  .transform((v, ctx): z.output<typeof PromoCodeBodySchema> => {
    const from = dayStart(v.valid_from);
    const until = DAY.test(v.valid_until) ? dayStart(addDays(v.valid_until, 1)) : '';
    const missing = [!from && 'valid_from', !until && 'valid_until'].filter((f): f is string => Boolean(f));
    for (const field of missing) ctx.addIssue({ code: 'custom', path: [field], message: 'Укажите дату' });
    const standIn = { from: new Date(0).toISOString(), until: new Date(86_400_000).toISOString() };
    const body = PromoCodeBodySchema.safeParse({
      ...v,
      value: numberOf(v.value),
      valid_from: missing.length ? standIn.from : from,
      valid_until: missing.length ? standIn.until : until,
      total_limit: optionalNumberOf(v.total_limit),
      per_buyer_limit: optionalNumberOf(v.per_buyer_limit),
    });
    if (!body.success) for (const issue of body.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return body.success && missing.length === 0 ? body.data : z.NEVER;
  });

export type PromoFormValues = z.input<typeof PromoFormSchema>;

/** The form's values for a code (a new one: 10 % for a month from today). */
export function promoFormValues(promo: PromoCode | undefined, today: string): PromoFormValues {
  if (!promo)
    return {
      code: '',
      kind: 'percent',
      value: '10',
      valid_from: today,
      valid_until: addDays(today, 30),
      total_limit: '',
      per_buyer_limit: '1',
      active: true,
      film_ids: [],
      session_ids: [],
    };
  return {
    code: promo.code,
    kind: promo.kind,
    value: numberText(promo.value),
    valid_from: toCinemaDate(new Date(promo.valid_from)),
    // The stored end is the midnight after the last day.
    valid_until: toCinemaDate(new Date(Date.parse(promo.valid_until) - 1)),
    total_limit: numberText(promo.total_limit),
    per_buyer_limit: numberText(promo.per_buyer_limit),
    active: promo.active,
    film_ids: promo.film_ids,
    session_ids: promo.session_ids,
  };
}

/** '10 %' or '150 ₽'. */
export const discountText = (promo: Pick<PromoCode, 'kind' | 'value'>) =>
  promo.kind === 'percent' ? `${promo.value} %` : formatRoubles(promo.value);
