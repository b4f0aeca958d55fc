import { describe, expect, it } from 'vitest';
import { differenceOf } from './count';

describe('the difference at the count', () => {
  it('is counted − expected to the kopeck', () => {
    expect(differenceOf(1300, 1350.5)).toBe(-50.5);
    expect(differenceOf(0.3, 0.1)).toBe(0.2);
    expect(differenceOf(100.1, 100.1)).toBe(0);
  });
});
