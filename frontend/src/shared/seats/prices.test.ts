import type { TicketType } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { choosableTypes, discounts, linesOf, localQuote, quoteOfConflict, zonePrice } from './prices';

const types: TicketType[] = [
  { code: 'child', name: 'Детский', rule: 'percent', value: 50, check_document: true, active: true },
  { code: 'adult', name: 'Взрослый', rule: 'full', value: 0, check_document: false, active: true },
  { code: 'pension', name: 'Пенсионный', rule: 'fixed', value: 150.5, check_document: true, active: true },
  { code: 'old', name: 'Старый', rule: 'full', value: 0, check_document: false, active: false },
];
const session = {
  prices: { standard: { adult: 350 }, vip: { adult: 600, child: 250 } },
  session_date: '2026-12-01',
  no_discount_until: null,
};
const zones = new Map([
  ['r1m1', 'standard'],
  ['r10m1', 'vip'],
  ['r10m2', 'vip'],
]);

describe('prices in the browser', () => {
  it('offers the active types, adult first', () => {
    expect(choosableTypes(types).map((t) => t.code)).toEqual(['adult', 'child', 'pension']);
  });

  it('gives every seat a type, adult where none (or an inactive one) was chosen', () => {
    expect(linesOf(['r1m1', 'r10m1', 'r10m2'], { r10m1: 'child', r10m2: 'old' }, types)).toEqual([
      { seat_number: 'r1m1', ticket_type: 'adult' },
      { seat_number: 'r10m1', ticket_type: 'child' },
      { seat_number: 'r10m2', ticket_type: 'adult' },
    ]);
  });

  it('quotes by zone and type in roubles: the card’s own cell, a percentage, a fixed price', () => {
    const q = localQuote(session, types, zones, [
      { seat_number: 'r1m1', ticket_type: 'child' },
      { seat_number: 'r10m1', ticket_type: 'child' },
      { seat_number: 'r10m2', ticket_type: 'pension' },
    ])!;
    expect(q.lines.map((l) => [l.base, l.type_discount, l.price])).toEqual([
      [350, 175, 175],
      [600, 350, 250],
      [600, 449.5, 150.5],
    ]);
    expect(q.total).toBe(575.5);
    expect(discounts(q)).toEqual({ base: 1550, type: 974.5, promo: 0 });
    expect(q.discounts_forbidden).toBe(false);
  });

  it('charges the base while the distributor forbids discounts', () => {
    const q = localQuote({ ...session, no_discount_until: '2026-12-01' }, types, zones, [
      { seat_number: 'r10m1', ticket_type: 'child' },
    ])!;
    expect(q.total).toBe(600);
    expect(q.discounts_forbidden).toBe(true);
  });

  it('cannot quote a zone the card has no price for', () => {
    expect(
      localQuote(session, types, new Map([['r1m1', 'sofa']]), [{ seat_number: 'r1m1', ticket_type: 'adult' }]),
    ).toBeNull();
  });

  it('reads the legend’s zone price', () => {
    expect(zonePrice(session.prices, 'vip')).toBe(600);
    expect(zonePrice(session.prices, 'sofa')).toBeNull();
  });

  it('finds the new quote in a 409’s details', () => {
    const fresh = { lines: [], total: 700, promo: null, promo_error: null, discounts_forbidden: false };
    expect(quoteOfConflict({ quote: fresh })?.total).toBe(700);
    expect(quoteOfConflict(fresh)?.total).toBe(700);
    expect(quoteOfConflict({ price: 350 })).toBeNull();
    expect(quoteOfConflict(undefined)).toBeNull();
  });
});
