import { describe, expect, it } from 'vitest';
import { isWholeDate } from './date-filter';

describe('a date filter applies a whole date only', () => {
  it('waits while the year is typed digit by digit', () => {
    for (const partial of ['0002-11-25', '0020-11-25', '0202-11-25', '1999-11-25']) {
      expect(isWholeDate(partial), partial).toBe(false);
    }
    expect(isWholeDate('2026-11-25')).toBe(true);
  });

  it('refuses days the calendar has not, and other shapes', () => {
    for (const wrong of ['2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '', '25.11.2026']) {
      expect(isWholeDate(wrong), wrong).toBe(false);
    }
    expect(isWholeDate('2028-02-29')).toBe(true);
  });
});
