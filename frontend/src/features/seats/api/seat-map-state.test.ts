import type { SeatSnapshot } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { applyDelta, emptySeatMap, fromSnapshot, markMine, mySeats } from './seat-map-state';
import { formatRemaining } from './use-countdown';

const snapshot: SeatSnapshot = {
  sessionId: 7,
  version: 10,
  sold: ['r1m1'],
  held: ['r2m2'],
  mine: ['r10m1', 'r3m3'],
  deadline: 1_000_000,
  now: 400_000,
};

describe('seat map state', () => {
  it('reads a snapshot, moving the deadline onto this browser’s clock', () => {
    const state = fromSnapshot(snapshot, 300_000);
    expect(state.offset).toBe(100_000);
    expect(state.deadline).toBe(900_000);
    expect(Object.fromEntries(state.seats)).toEqual({ r1m1: 'sold', r2m2: 'held', r10m1: 'mine', r3m3: 'mine' });
    expect(mySeats(state)).toEqual(['r3m3', 'r10m1']);
  });

  it('applies the next delta and ignores older ones or another session’s', () => {
    const { offset, ...state } = fromSnapshot(snapshot, 400_000);
    const next = applyDelta(
      state,
      {
        sessionId: 7,
        version: 11,
        changes: [
          { seat: 'r2m2', state: 'free' },
          { seat: 'r4m4', state: 'sold' },
        ],
      },
      offset,
    );
    expect(next.version).toBe(11);
    expect(next.seats.has('r2m2')).toBe(false);
    expect(next.seats.get('r4m4')).toBe('sold');
    expect(applyDelta(next, { sessionId: 7, version: 11, changes: [{ seat: 'r5m5', state: 'held' }] }, offset)).toBe(
      next,
    );
    expect(applyDelta(next, { sessionId: 8, version: 12, changes: [{ seat: 'r5m5', state: 'held' }] }, offset)).toBe(
      next,
    );
  });

  it('marks itself stale when a version was skipped, without applying the delta', () => {
    const { offset, ...state } = fromSnapshot(snapshot);
    const next = applyDelta(state, { sessionId: 7, version: 12, changes: [{ seat: 'r5m5', state: 'held' }] }, offset);
    expect(next.stale).toBe(true);
    expect(next.seats.has('r5m5')).toBe(false);
    expect(applyDelta(next, { sessionId: 7, version: 13, changes: [{ seat: 'r6m6', state: 'held' }] }, offset)).toBe(
      next,
    );
  });

  it('ignores deltas until the first snapshot', () => {
    const state = emptySeatMap(7);
    expect(applyDelta(state, { sessionId: 7, version: 1, changes: [{ seat: 'r1m1', state: 'sold' }] }, 0)).toBe(state);
  });

  it('drops the deadline when my last seat leaves, and takes the one a delta brings', () => {
    const { offset, ...state } = fromSnapshot({ ...snapshot, mine: ['r3m3'] }, 400_000);
    const freed = applyDelta(state, { sessionId: 7, version: 11, changes: [{ seat: 'r3m3', state: 'free' }] }, offset);
    expect(freed.deadline).toBeNull();
    const again = applyDelta(
      freed,
      { sessionId: 7, version: 12, changes: [{ seat: 'r6m6', state: 'mine' }], deadline: 2_000_000 },
      offset,
    );
    expect(again.deadline).toBe(2_000_000);
    expect(markMine(again, 'r6m7', 2_000_000, offset).seats.get('r6m7')).toBe('mine');
  });

  it('writes the time left as minutes and seconds', () => {
    expect(formatRemaining(581_000)).toBe('09:41');
    expect(formatRemaining(600_000)).toBe('10:00');
    expect(formatRemaining(999)).toBe('00:00');
  });
});
