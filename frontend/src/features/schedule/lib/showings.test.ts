import type { ScheduleFilm, Session } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { billInWords, nextShowings } from './showings';

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

describe('billInWords', () => {
  const film = (title: string, ...times: string[]) =>
    ({ title, schedule: times.map((t) => ({ start_time: t })) }) as unknown as ScheduleFilm;

  it("names the films of the bill's next day with their coming times, the earliest film first", () => {
    const now = '2026-03-10 18:00:00';
    const bill = [
      film('Лето в Перми', '2026-03-10 20:00:00', '2026-03-11 12:00:00'),
      film('Дюна', '2026-03-10 17:00:00', '2026-03-10 19:30:00', '2026-03-10 21:45:00'),
      film('Завтрашний', '2026-03-11 10:00:00'),
    ];
    expect(billInWords(bill, now)).toBe('Сегодня в кино: Дюна (19:30, 21:45), Лето в Перми (20:00)');
    // Late in the evening, when today's sessions have all started: the next day with sessions.
    expect(billInWords(bill, '2026-03-10 23:45:00')).toBe('Завтра в кино: Завтрашний (10:00), Лето в Перми (12:00)');
    expect(billInWords(bill, '2026-03-12 00:00:00')).toBeUndefined();
  });
});
