import type { ScheduleFilm } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { saleDates, sellableSessions, sessionsOn } from './sessions';

const session = (id: number, start_time: string, hall = 'Зал 1') =>
  ({ id, start_time, hall: { name: hall } }) as ScheduleFilm['schedule'][number];
const film = (title: string, ...schedule: ScheduleFilm['schedule']) =>
  ({ title, age: 12, type_graphic: '2D', schedule }) as ScheduleFilm;

describe('the sessions the till sells', () => {
  const films = [
    film('Сталкер', session(3, '2026-11-26 10:00:00'), session(1, '2026-11-25 19:30:00', 'Зал 2')),
    film('Солярис', session(2, '2026-11-25 09:00:00'), session(4, '2026-11-25 21:00:00')),
  ];

  it('lists those not started yet, earliest first, with film and hall', () => {
    const sessions = sellableSessions(films, '2026-11-25 12:00:00');
    expect(sessions.map((s) => [s.id, s.title, s.hall])).toEqual([
      [1, 'Сталкер', 'Зал 2'],
      [4, 'Солярис', 'Зал 1'],
      [3, 'Сталкер', 'Зал 1'],
    ]);
    expect(saleDates(sessions)).toEqual(['2026-11-25', '2026-11-26']);
    expect(sessionsOn(sessions, '2026-11-26').map((s) => s.id)).toEqual([3]);
  });

  it('leaves out a session at the moment it starts, and a day whose sessions have all started', () => {
    const sessions = sellableSessions(films, '2026-11-25 21:00:00');
    expect(sessions.map((s) => s.id)).toEqual([3]);
    expect(saleDates(sessions)).toEqual(['2026-11-26']);
  });
});
