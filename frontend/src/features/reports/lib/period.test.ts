import { describe, expect, it } from 'vitest';
import { lastMonth, periodProblem } from './period';

describe('the report period', () => {
  it('starts with the last thirty days, today included', () => {
    expect(lastMonth('2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(lastMonth('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('refuses a period that ends before it starts, and takes a single day', () => {
    expect(periodProblem('2026-03-10', '2026-03-01')).toMatch(/^Конец периода раньше начала/);
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeUndefined();
  });
});
