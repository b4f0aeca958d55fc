import type { Session } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { nextShowings } from './showings';

const at = (start_time: string) => ({ start_time }) as Session;

describe('nextShowings', () => {
  it("names today's coming times, then tomorrow, then a date", () => {
    const now = '2026-03-10 18:00:00';
    const sessions = [
      at('2026-03-10 17:00:00'),
      at('2026-03-10 21:45:00'),
      at('2026-03-10 19:30:00'),
      at('2026-03-11 12:00:00'),
    ];
    expect(nextShowings(sessions, now)).toBe('сегодня в 19:30, 21:45');
    expect(nextShowings([at('2026-03-11 12:00:00')], now)).toBe('завтра в 12:00');
    expect(nextShowings([at('2026-03-13 18:00:00')], now)).toBe('13 марта в 18:00');
    expect(nextShowings([at('2026-03-10 17:00:00')], now)).toBeUndefined();
  });
});
