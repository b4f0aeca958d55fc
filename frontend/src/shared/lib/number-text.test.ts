import { describe, expect, it } from 'vitest';
import { numberOf, numberText, optionalNumberOf } from './number-text';

describe('number text', () => {
  it('reads what staff type: a comma, spaces between thousands', () => {
    expect(numberOf('350,50')).toBe(350.5);
    expect(numberOf('1 000')).toBe(1000);
    expect(numberOf('')).toBeNaN();
    expect(numberOf('abc')).toBeNaN();
    expect(optionalNumberOf(' ')).toBeNull();
    expect(optionalNumberOf('5')).toBe(5);
  });

  it('writes a number back with the Russian comma', () => {
    expect(numberText(350.5)).toBe('350,5');
    expect(numberText(null)).toBe('');
  });
});
