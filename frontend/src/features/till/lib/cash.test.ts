import { describe, expect, it } from 'vitest';
import { checkCash, parseRoubles } from './cash';

describe('cash at the counter', () => {
  it('reads roubles as a cashier types them', () => {
    expect(parseRoubles('2000')).toBe(2000);
    expect(parseRoubles(' 2 000 ')).toBe(2000);
    expect(parseRoubles('2\u00a0000 ₽')).toBe(2000);
    expect(parseRoubles('1050,5')).toBe(1050.5);
    expect(parseRoubles('1050.55')).toBe(1050.55);
    expect(parseRoubles('')).toBeNull();
    expect(parseRoubles('   ')).toBeNull();
    for (const bad of ['12,345', '-5', 'abc', '1e3', '10,']) expect(parseRoubles(bad), bad).toBeNaN();
  });

  it('gives the change exactly, through kopecks', () => {
    expect(checkCash(1050, '2000')).toEqual({ kind: 'change', given: 2000, change: 950 });
    expect(checkCash(999.9, '1050,5')).toEqual({ kind: 'change', given: 1050.5, change: 50.6 });
    expect(checkCash(1050, '1050')).toEqual({ kind: 'change', given: 1050, change: 0 });
  });

  it('says how much is missing, that nothing typed is the exact sum, and that letters are no sum', () => {
    expect(checkCash(1050, '1000')).toEqual({ kind: 'short', given: 1000, missing: 50 });
    expect(checkCash(0.3, '0,1')).toEqual({ kind: 'short', given: 0.1, missing: 0.2 });
    expect(checkCash(1050, '')).toEqual({ kind: 'exact' });
    expect(checkCash(1050, 'тысяча')).toEqual({ kind: 'invalid' });
  });
});
