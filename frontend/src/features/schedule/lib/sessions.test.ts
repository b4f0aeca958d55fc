import type { ScheduleFilm } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import {
  accessibleSessions,
  allSessions,
  defaultDate,
  filmsOn,
  filmsWithAccess,
  isSessionPast,
  sessionDates,
} from './sessions';

const session = (id: number, start_time: string) => ({ id, start_time }) as ScheduleFilm['schedule'][number];
const film = (id: number, starts: string[]) =>
  ({ id, title: `Фильм ${id}`, schedule: starts.map((s, i) => session(id * 100 + i, s)) }) as ScheduleFilm;

const films = [
  film(1, ['2026-11-21 10:00:00', '2026-11-23 19:30:00']),
  film(2, ['2026-11-20 22:00:00', '2026-11-23 12:00:00', '2026-11-25 18:00:00']),
];

describe('sessionDates', () => {
  it('lists each date from today on that has sessions, in order', () => {
    expect(sessionDates(allSessions(films), '2026-11-21')).toEqual(['2026-11-21', '2026-11-23', '2026-11-25']);
    expect(sessionDates(allSessions(films), '2026-11-22')).toEqual(['2026-11-23', '2026-11-25']);
    expect(sessionDates(films[0]!.schedule, '2026-11-22')).toEqual(['2026-11-23']);
    expect(sessionDates([], '2026-11-22')).toEqual([]);
  });
});

describe('defaultDate', () => {
  const at = (start_time: string) => ({ start_time });
  it('chooses the first date with a session to come: today while it has one, else the next', () => {
    const sessions = [at('2026-11-21 21:00:00'), at('2026-11-23 12:00:00')];
    expect(defaultDate(sessions, '2026-11-21 18:00:00')).toBe('2026-11-21');
    // 23:45: every session of today has started.
    expect(defaultDate(sessions, '2026-11-21 23:45:00')).toBe('2026-11-23');
    expect(defaultDate([at('2026-11-23 12:00:00')], '2026-11-22 10:00:00')).toBe('2026-11-23');
    expect(defaultDate([], '2026-11-22 10:00:00')).toBeUndefined();
  });
});

describe('filmsOn', () => {
  it("keeps the films showing that day with only that day's sessions, earliest showing first", () => {
    const onDay = filmsOn(films, '2026-11-23');
    expect(onDay.map((f) => [f.id, f.schedule.map((s) => s.start_time)])).toEqual([
      [2, ['2026-11-23 12:00:00']],
      [1, ['2026-11-23 19:30:00']],
    ]);
    expect(filmsOn(films, '2026-11-25').map((f) => f.id)).toEqual([2]);
  });
});

describe('isSessionPast', () => {
  const now = '2026-11-21 15:30:00';
  it('is past on an earlier date, or today once the time is reached', () => {
    expect(isSessionPast({ start_time: '2026-11-20 23:00:00' }, now)).toBe(true);
    expect(isSessionPast({ start_time: '2026-11-21 15:00:00' }, now)).toBe(true);
    expect(isSessionPast({ start_time: '2026-11-21 15:30:00' }, now)).toBe(true);
  });

  it('is open later today and on later dates', () => {
    expect(isSessionPast({ start_time: '2026-11-21 15:31:00' }, now)).toBe(false);
    expect(isSessionPast({ start_time: '2026-11-22 09:00:00' }, now)).toBe(false);
  });
});

describe('filmsWithAccess', () => {
  const flagged = (id: number, subtitles: boolean, audio_description: boolean) =>
    ({ id, start_time: '2026-11-23 19:00:00', subtitles, audio_description }) as ScheduleFilm['schedule'][number];
  const bill = [
    { id: 1, schedule: [flagged(1, true, false), flagged(2, false, false)] },
    { id: 2, schedule: [flagged(3, false, true)] },
  ] as ScheduleFilm[];
  const ids = (list: ScheduleFilm[]) => list.map((f) => [f.id, f.schedule.map((s) => s.id)]);

  it('keeps only the sessions with the chosen flag, and drops films left without any', () => {
    expect(ids(filmsWithAccess(bill, 'all'))).toEqual([
      [1, [1, 2]],
      [2, [3]],
    ]);
    expect(ids(filmsWithAccess(bill, 'subtitles'))).toEqual([[1, [1]]]);
    expect(ids(filmsWithAccess(bill, 'audio_description'))).toEqual([[2, [3]]]);
  });
});

describe('accessibleSessions', () => {
  const at = (id: number, start_time: string, subtitles: boolean, audio_description: boolean) =>
    ({ id, start_time, subtitles, audio_description }) as ScheduleFilm['schedule'][number];
  const bill = [
    {
      id: 1,
      title: 'Первый',
      time: 95,
      schedule: [
        at(1, '2026-11-21 10:00:00', true, false),
        at(2, '2026-11-23 19:30:00', true, false),
        at(3, '2026-11-23 21:00:00', false, false),
      ],
    },
    { id: 2, title: 'Второй', time: 120, schedule: [at(4, '2026-11-22 18:00:00', false, true)] },
  ] as ScheduleFilm[];

  it('lists the coming sessions with subtitles or audio description, earliest first, with the film', () => {
    const list = accessibleSessions(bill, '2026-11-21 12:00:00');
    expect(list.map((a) => [a.session.id, a.film.title, a.film.time])).toEqual([
      [4, 'Второй', 120],
      [2, 'Первый', 95],
    ]);
  });
});
