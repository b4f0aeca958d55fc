import { describe, expect, it } from 'vitest';
import { conflictSessions } from './plan-conflict';

describe('the sessions a refused plan names', () => {
  it('reads the server’s sessions: number, film, start and seats in Russian', () => {
    const details = {
      sessions: [{ id: 12, title: 'Дюна', start_time: '2026-11-26 19:30:00', seats: ['r10m5', 'r10m6'] }],
    };
    expect(conflictSessions(details)).toEqual([
      { id: 12, text: 'Сеанс №12 «Дюна», 26.11.2026 19:30: ряд 10, место 5; ряд 10, место 6' },
    ]);
  });

  it('names what it can of other shapes and ignores the rest', () => {
    expect(conflictSessions({ sessions: [7, { id: 8, movie: { title: 'Солярис' } }, { nope: true }] })).toEqual([
      { id: 7, text: 'Сеанс №7' },
      { id: 8, text: 'Сеанс №8 «Солярис»' },
    ]);
    expect(conflictSessions(undefined)).toEqual([]);
    expect(conflictSessions({ sessions: 'x' })).toEqual([]);
  });
});
