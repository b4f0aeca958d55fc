import { formatRoubles, type OrderLine, type RefundView, type StaffOrder } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { refundOutcome } from './staff-refund';

const refund = (status: RefundView['status'], amount = 350.5, refusal: string | null = null): RefundView => ({
  id: 1,
  status,
  amount,
  reason: 'Жалоба зрителя',
  refusal,
  created_at: '2031-11-22 18:00:00',
  settled_at: null,
});

const line = (ticket_id: number, extra: Partial<OrderLine> = {}): OrderLine => ({
  ticket_id,
  seat_number: `r1m${ticket_id}`,
  zone: { code: 'standard', name: 'Стандарт' },
  ticket_type: { code: 'adult', name: 'Взрослый', check_document: false },
  base: 350.5,
  type_discount: 0,
  promo_discount: 0,
  price: 350.5,
  status: 'paid',
  refund: null,
  refundable: true,
  refund_refusal: null,
  ...extra,
});

const orderWith = (lines: OrderLine[]) => ({ lines }) as StaffOrder;

describe('what a staff refund came to', () => {
  it('sums the money returned at once, kopecks included', () => {
    const after = orderWith([
      line(1, { status: 'refunded', refund: refund('succeeded') }),
      line(2, { status: 'refunded', refund: refund('succeeded', 350.25) }),
      line(3),
    ]);
    expect(refundOutcome(after, [line(1), line(2)])).toEqual({
      kind: 'success',
      text: `Деньги возвращены: 2 бил. на ${formatRoubles(700.75)}`,
    });
    expect(formatRoubles(700.75)).toMatch(/^700,75\s₽$/);
  });

  it('says the refund is under way while the provider has not confirmed it', () => {
    const after = orderWith([line(1, { refund: refund('pending') })]);
    expect(refundOutcome(after, [line(1)]).text).toMatch(/^Возврат оформляется/);
  });

  it('reports the provider’s refusal with its reason, as an error', () => {
    const after = orderWith([
      line(1, { refund: refund('canceled', 350.5, 'Платёж отклонён банком') }),
      line(2, { status: 'refunded', refund: refund('succeeded') }),
    ]);
    expect(refundOutcome(after, [line(1), line(2)])).toEqual({
      kind: 'error',
      text: 'Платёжный сервис отказал в возврате (билет №1: Платёж отклонён банком)',
    });
  });
});
