import { describe, expect, it } from 'vitest';
import {
  addDays,
  cinemaTimeZone,
  fromCinemaTime,
  setCinemaTimeZone,
  toCinemaDate,
  toCinemaIso,
  toCinemaTime,
} from './time';

describe('cinema time (Europe/Moscow, UTC+3)', () => {
  it('writes a wall-clock time as ISO 8601 with the offset (structured data)', () => {
    expect(toCinemaIso('2026-03-10 19:30:00')).toBe('2026-03-10T19:30:00+03:00');
  });

  it('writes an instant as the cinema wall clock', () => {
    expect(toCinemaTime(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22 00:30:00');
    expect(toCinemaDate(new Date('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
  });

  it('reads a wall-clock time back to the same instant, with or without seconds or T', () => {
    expect(fromCinemaTime('2026-11-22 00:30:00').toISOString()).toBe('2026-11-21T21:30:00.000Z');
    expect(fromCinemaTime('2026-11-22T00:30').toISOString()).toBe('2026-11-21T21:30:00.000Z');
  });

  it('refuses text that is not a real time', () => {
    expect(() => fromCinemaTime('2026-02-30 10:00')).toThrow(RangeError);
    expect(() => fromCinemaTime('tomorrow')).toThrow(RangeError);
    expect(() => fromCinemaTime('2026-11-22 25:00')).toThrow(RangeError);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('a configured cinema time zone (CINEMA_TIMEZONE)', () => {
  it('moves the wall clock to that zone, and back', () => {
    setCinemaTimeZone('Asia/Yekaterinburg');
    try {
      expect(cinemaTimeZone()).toBe('Asia/Yekaterinburg');
      expect(toCinemaTime(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22 02:30:00');
      expect(fromCinemaTime('2026-11-22 02:30').toISOString()).toBe('2026-11-21T21:30:00.000Z');
      expect(toCinemaIso('2026-11-22 02:30:00')).toBe('2026-11-22T02:30:00+05:00');
    } finally {
      setCinemaTimeZone('Europe/Moscow');
    }
    expect(toCinemaTime(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22 00:30:00');
  });

  it('refuses a zone that does not exist and keeps the one in force', () => {
    expect(() => setCinemaTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(cinemaTimeZone()).toBe('Europe/Moscow');
  });
});
