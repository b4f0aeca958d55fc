import { suggestCard } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { cellErrors, cellKey, gridOf, pricesOf, rulePrice } from './card-grid';
import { daysText, hasDay, toggleDay, WORKDAYS } from './weekdays';

describe('weekdays', () => {
  it('keeps Monday as 1 and Sunday as 64', () => {
    expect(toggleDay(0, 0)).toBe(1);
    expect(toggleDay(0, 6)).toBe(64);
    expect(hasDay(WORKDAYS, 4)).toBe(true);
    expect(hasDay(WORKDAYS, 5)).toBe(false);
  });

  it('names the days in short Russian, runs joined', () => {
    expect(daysText(WORKDAYS)).toBe('Пн–Пт');
    expect(daysText(96)).toBe('Сб, Вс');
    expect(daysText(1 + 4 + 8 + 16)).toBe('Пн, Ср–Пт');
    expect(daysText(127)).toBe('Каждый день');
  });

  it('agrees with the contract’s suggestCard: a Tuesday morning rule matches 2026-11-24 10:00', () => {
    const rule = { id: 1, position: 0, card_id: 7, weekdays: toggleDay(0, 1), from_time: '00:00', until_time: '12:00' };
    expect(suggestCard([rule], '2026-11-24 10:00:00')).toBe(7);
    expect(suggestCard([rule], '2026-11-25 10:00:00')).toBeNull();
  });
});

describe('price card grid', () => {
  it('sends only the filled cells, reading the comma', () => {
    const grid = {
      ...gridOf(undefined),
      [cellKey('standard', 'adult')]: '450',
      [cellKey('vip', 'child')]: '300,50',
      [cellKey('vip', 'adult')]: ' ',
    };
    const { prices, cells } = pricesOf(grid);
    expect(prices).toEqual([
      { zone: 'standard', ticket_type: 'adult', price: 450 },
      { zone: 'vip', ticket_type: 'child', price: 300.5 },
    ]);
    expect(cellErrors({ 'prices.1.price': 'Цена должна быть больше нуля', name: 'Введите название' }, cells)).toEqual({
      'vip/child': 'Цена должна быть больше нуля',
      name: 'Введите название',
    });
  });

  it('reads a card back into cells', () => {
    expect(gridOf({ prices: [{ zone: 'vip', ticket_type: 'adult', price: 800.5 }] })).toEqual({ 'vip/adult': '800,5' });
  });

  it('hints what a type costs by its rule', () => {
    expect(rulePrice(450, { code: 'child', rule: 'percent', value: 30 })).toBe(315);
    expect(rulePrice(450, { code: 'student', rule: 'fixed', value: 250 })).toBe(250);
    expect(rulePrice(200, { code: 'student', rule: 'fixed', value: 250 })).toBe(200);
    expect(rulePrice(Number.NaN, { code: 'adult', rule: 'full', value: 0 })).toBeUndefined();
  });
});
