import { setCinemaTimeZone, type PromoCode } from '@kino/backend/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountText, PromoFormSchema, promoFormValues } from './promo-form';

beforeAll(() => setCinemaTimeZone('Europe/Moscow'));

describe('promo code form', () => {
  it('reads whole cinema days into instants, the last day included', () => {
    const parsed = PromoFormSchema.parse({
      ...promoFormValues(undefined, '2026-12-01'),
      code: ' winter-25 ',
      value: '25',
      valid_until: '2026-12-31',
      total_limit: '100',
    });
    expect(parsed).toMatchObject({
      code: 'WINTER-25',
      kind: 'percent',
      value: 25,
      valid_from: '2026-11-30T21:00:00.000Z',
      valid_until: '2026-12-31T21:00:00.000Z',
      total_limit: 100,
      per_buyer_limit: 1,
    });
  });

  it('gives a stored code back as the days it was typed', () => {
    const promo: PromoCode = {
      id: 1,
      code: 'KINO',
      kind: 'amount',
      value: 150.5,
      valid_from: '2026-11-30T21:00:00.000Z',
      valid_until: '2026-12-31T21:00:00.000Z',
      total_limit: null,
      per_buyer_limit: 2,
      active: true,
      film_ids: [3],
      session_ids: [],
      used: 0,
    };
    expect(promoFormValues(promo, '2026-11-25')).toMatchObject({
      value: '150,5',
      valid_from: '2026-12-01',
      valid_until: '2026-12-31',
      total_limit: '',
      per_buyer_limit: '2',
    });
    expect(discountText(promo)).toMatch(/150,50/);
  });

  it('says what is wrong beside the fields, in Russian', () => {
    const result = PromoFormSchema.safeParse({
      ...promoFormValues(undefined, '2026-12-01'),
      code: 'a',
      value: '150',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields.code).toMatch(/Промокод/);
    expect(fields.value).toMatch(/процентов/);
  });

  it('says every complaint at once: missing days with a wrong code and value', () => {
    const result = PromoFormSchema.safeParse({
      ...promoFormValues(undefined, '2026-12-01'),
      code: 'a',
      value: '150',
      valid_from: '',
      valid_until: '',
    });
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toMatchObject({
      code: expect.stringMatching(/Промокод/),
      value: expect.stringMatching(/процентов/),
      valid_from: 'Укажите дату',
      valid_until: 'Укажите дату',
    });
  });

  it('asks for the dates when they are missing', () => {
    const result = PromoFormSchema.safeParse({ ...promoFormValues(undefined, '2026-12-01'), valid_until: '' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['valid_until'], message: 'Укажите дату' });
  });
});
