import { describe, expect, it } from 'vitest';
import { formatDayWithWeekday, formatPeriod } from './format';

describe('formatPeriod', () => {
  it('writes both dates with their years, without "г."', () => {
    expect(formatPeriod('2026-09-24 10:00:00', '2027-09-19 23:00:00')).toBe('с 24 сентября 2026 по 19 сентября 2027');
    expect(formatPeriod('2026-12-01', '2026-12-31')).toBe('с 1 декабря 2026 по 31 декабря 2026');
  });
});

describe('formatDayWithWeekday', () => {
  it('writes a day with its weekday, as the distributor’s table does', () => {
    expect(formatDayWithWeekday('2026-11-26')).toBe('чт, 26.11.2026');
    expect(formatDayWithWeekday('2026-12-02 19:30:00')).toBe('ср, 02.12.2026');
  });
});
