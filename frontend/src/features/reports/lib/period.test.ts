import { describe, expect, it } from 'vitest';
import { coversAny, lastMonth, periodProblem, weekPeriod } from './period';

describe('the report period', () => {
  it('starts with the last thirty days, today included', () => {
    expect(lastMonth('2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(lastMonth('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('refuses a period that ends before it starts, and takes a single day', () => {
    expect(periodProblem('2026-03-10', '2026-03-01')).toMatch(/^Конец периода раньше начала/);
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeUndefined();
  });

  it('knows which show dates a period or a distribution week covers, ends included', () => {
    const week = weekPeriod('2026-11-26');
    expect(week).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(coversAny(week, ['2026-12-02'])).toBe(true);
    expect(coversAny(week, ['2026-11-25', '2026-12-03'])).toBe(false);
    expect(coversAny({ from: '2026-03-01', to: '2026-03-01' }, ['2026-02-28', '2026-03-01'])).toBe(true);
    expect(coversAny(week, [])).toBe(false);
  });
});
