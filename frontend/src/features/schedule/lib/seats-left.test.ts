import type { Session } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { seatsLeft } from './seats-left';

const session = (sold: number, capacity = 110) =>
  ({ count_close_seat: sold, hall: { id: 1, name: 'Зал 1', capacity } }) as Pick<Session, 'count_close_seat' | 'hall'>;

describe('seatsLeft', () => {
  it('says nothing while there is room, «мало мест» for the last 15 %, «распродано» when none is left', () => {
    expect(seatsLeft(session(0))).toBeNull();
    expect(seatsLeft(session(92))).toBeNull();
    expect(seatsLeft(session(93))).toBe('мало мест');
    expect(seatsLeft(session(109))).toBe('мало мест');
    expect(seatsLeft(session(110))).toBe('распродано');
  });
});
