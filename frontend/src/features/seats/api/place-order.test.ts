import { describe, expect, it } from 'vitest';
import { orderInput } from './place-order';

const session = { id: 7, price: 400, start_time: '2031-11-22 19:30:00' };
const lines = [
  { seat_number: 'r10m1', ticket_type: 'adult' },
  { seat_number: 'r10m2', ticket_type: 'child' },
];

describe('the order sent', () => {
  it('carries SPEC’s fields, a ticket type per seat, the code and the total shown', () => {
    expect(orderInput({ session, lines, promoCode: 'SEMYA', total: 950.5 })).toEqual({
      body: {
        price: 400,
        schedule_id: 7,
        seat_number: ['r10m1', 'r10m2'],
        purchase_date: '2031-11-22 19:30:00',
        lines,
        promo_code: 'SEMYA',
        total: 950.5,
      },
    });
  });

  it('leaves the code out when none applies', () => {
    expect(orderInput({ session, lines, promoCode: '', total: 800 }).body).not.toHaveProperty('promo_code');
  });
});
