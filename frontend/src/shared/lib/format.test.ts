import { formatSessionTime } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  formatDate,
  formatDateChip,
  formatDayMonth,
  shortHallName,
  formatDuration,
  formatInstantDate,
  formatTime,
  formatYears,
  genreLine,
  plural,
} from './format';

describe('Russian plurals', () => {
  it.each([
    [0, '0 лет'],
    [1, '1 год'],
    [2, '2 года'],
    [4, '4 года'],
    [5, '5 лет'],
    [11, '11 лет'],
    [12, '12 лет'],
    [14, '14 лет'],
    [21, '21 год'],
    [22, '22 года'],
    [25, '25 лет'],
    [101, '101 год'],
    [111, '111 лет'],
    [112, '112 лет'],
  ])('%i → %s', (n, text) => {
    expect(formatYears(n)).toBe(text);
  });

  it('declines any word', () => {
    expect(plural(3, ['фильм', 'фильма', 'фильмов'])).toBe('фильма');
    expect(plural(13, ['фильм', 'фильма', 'фильмов'])).toBe('фильмов');
  });
});

describe('ageOn', () => {
  it('counts full years, turning a year older on the birthday', () => {
    expect(ageOn('1985-02-14', '2026-02-13')).toBe(40);
    expect(ageOn('1985-02-14', '2026-02-14')).toBe(41);
    expect(ageOn('1985-12-31', '2026-06-01')).toBe(40);
  });
});

describe('formatDuration', () => {
  it("writes minutes as 'Nч Mм'", () => {
    expect(formatDuration(125)).toBe('2ч 5м');
    expect(formatDuration(90)).toBe('1ч 30м');
    expect(formatDuration(120)).toBe('2ч 0м');
    expect(formatDuration(45)).toBe('0ч 45м');
  });
});

describe('dates in Russian', () => {
  it('writes day and month for the date buttons', () => {
    expect(formatDayMonth('2026-11-21')).toBe('21 ноября');
    expect(formatDayMonth('2027-03-01 10:00:00')).toBe('1 марта');
  });

  it('names the date chips: today, tomorrow, then the weekday; the year only when it is another', () => {
    expect(formatDateChip('2026-12-30', '2026-12-30')).toBe('Сегодня, 30 декабря');
    expect(formatDateChip('2026-12-31', '2026-12-30')).toBe('Завтра, 31 декабря');
    expect(formatDateChip('2027-01-01', '2026-12-31')).toBe('Завтра, 1 января 2027');
    expect(formatDateChip('2026-12-04', '2026-12-01')).toBe('пт, 4 декабря');
    expect(formatDateChip('2027-02-09', '2026-12-01')).toBe('вт, 9 февраля 2027');
  });

  it('names a hall without the cinema', () => {
    expect(shortHallName('Кинотеатр «Ракета» Зал 1', 'Кинотеатр «Ракета»')).toBe('Зал 1');
    expect(shortHallName('Малый зал', 'Кинотеатр «Ракета»')).toBe('Малый зал');
    expect(shortHallName('Кинотеатр «Ракета» Зал 1', undefined)).toBe('Кинотеатр «Ракета» Зал 1');
  });

  it('writes the long date, and " в" before the 24-hour time', () => {
    expect(formatDate('1985-02-14')).toBe('14 февраля 1985 г.');
    expect(formatTime('2026-11-21 09:05:00')).toBe('09:05');
    expect(formatSessionTime('2026-11-21 19:30:00')).toBe('21 ноября 2026 г. в 19:30');
  });

  it("dates an instant by the cinema's day", () => {
    expect(formatInstantDate('2026-11-21T21:30:00.000Z')).toBe('22 ноября 2026 г.');
  });
});

describe('genreLine', () => {
  it('capitalises each genre and joins them with commas', () => {
    expect(genreLine([{ genre: { name: 'драма' } }, { genre: { name: 'комедия' } }])).toBe('Драма, Комедия');
  });

  it("gives '...' when there are none", () => {
    expect(genreLine([])).toBe('...');
  });
});
