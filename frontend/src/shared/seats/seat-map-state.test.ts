import type { SeatSnapshot } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { applyDelta, emptySeatMap, freeMine, fromSnapshot, markExtended, markMine, mySeats } from './seat-map-state';

const snapshot: SeatSnapshot = {
  sessionId: 7,
  version: 10,
  sold: ['r1m1'],
  held: ['r2m2'],
  mine: ['r10m1', 'r3m3'],
  deadline: 1_000_000,
  extended: false,
  now: 400_000,
};

describe('seat map state', () => {
  it('reads a snapshot, keeping the deadline on the server’s clock with the offset of this browser’s', () => {
    // Sent at 299 s, answered at 301 s by this browser's clock: the server read 400 s in between.
    const state = fromSnapshot(snapshot, { sentAt: 299_000, receivedAt: 301_000 });
    expect(state.offset).toBe(100_000);
    expect(state.deadline).toBe(1_000_000);
    expect(Object.fromEntries(state.seats)).toEqual({ r1m1: 'sold', r2m2: 'held', r10m1: 'mine', r3m3: 'mine' });
    expect(mySeats(state)).toEqual(['r3m3', 'r10m1']);
  });

  it('applies the next delta and ignores older ones or another session’s', () => {
    const state = fromSnapshot(snapshot);
    const next = applyDelta(state, {
      sessionId: 7,
      version: 11,
      changes: [
        { seat: 'r2m2', state: 'free' },
        { seat: 'r4m4', state: 'sold' },
      ],
    });
    expect(next.version).toBe(11);
    expect(next.seats.has('r2m2')).toBe(false);
    expect(next.seats.get('r4m4')).toBe('sold');
    expect(applyDelta(next, { sessionId: 7, version: 11, changes: [{ seat: 'r5m5', state: 'held' }] })).toBe(next);
    expect(applyDelta(next, { sessionId: 8, version: 12, changes: [{ seat: 'r5m5', state: 'held' }] })).toBe(next);
  });

  it('marks itself stale when a version was skipped, without applying the delta', () => {
    const state = fromSnapshot(snapshot);
    const next = applyDelta(state, { sessionId: 7, version: 12, changes: [{ seat: 'r5m5', state: 'held' }] });
    expect(next.stale).toBe(true);
    expect(next.seats.has('r5m5')).toBe(false);
    expect(applyDelta(next, { sessionId: 7, version: 13, changes: [{ seat: 'r6m6', state: 'held' }] })).toBe(next);
  });

  it('ignores deltas until the first snapshot', () => {
    const state = emptySeatMap(7);
    expect(applyDelta(state, { sessionId: 7, version: 1, changes: [{ seat: 'r1m1', state: 'sold' }] })).toBe(state);
  });

  it('drops the deadline when my last seat leaves, and takes the one a delta or a hold brings', () => {
    const state = fromSnapshot({ ...snapshot, mine: ['r3m3'] }, { sentAt: 400_000, receivedAt: 400_000 });
    const freed = applyDelta(state, { sessionId: 7, version: 11, changes: [{ seat: 'r3m3', state: 'free' }] });
    expect(freed.deadline).toBeNull();
    const again = applyDelta(freed, {
      sessionId: 7,
      version: 12,
      changes: [{ seat: 'r6m6', state: 'mine' }],
      deadline: 2_000_000,
    });
    expect(again.deadline).toBe(2_000_000);
    // The hold's acknowledgement carries the server's time: the offset follows it.
    const held = markMine(
      again,
      'r6m7',
      { deadline: 2_000_000, now: 1_400_000 },
      { sentAt: 1_399_000, receivedAt: 1_399_200 },
    );
    expect(held.seats.get('r6m7')).toBe('mine');
    expect(held.deadline).toBe(2_000_000);
    expect(held.offset).toBe(900);
  });

  it('frees my seats at once when I give them all back, keeping the others’', () => {
    const freed = freeMine(fromSnapshot(snapshot));
    expect(Object.fromEntries(freed.seats)).toEqual({ r1m1: 'sold', r2m2: 'held' });
    expect(freed.deadline).toBeNull();
    expect(mySeats(freed)).toEqual([]);
  });

  it('takes an extension’s deadline at once, remembers it was the one, and forgets it with the holds', () => {
    const state = fromSnapshot({ ...snapshot, mine: ['r3m3'] }, { sentAt: 400_000, receivedAt: 400_000 });
    const extended = markExtended(
      state,
      { deadline: 1_600_000, now: 500_000 },
      { sentAt: 499_000, receivedAt: 499_000 },
    );
    expect([extended.deadline, extended.extended, extended.offset]).toEqual([1_600_000, true, 1_000]);
    // The delta of the extension (no seat changes) keeps it; my other tab hears the same deadline.
    const heard = applyDelta(fromSnapshot({ ...snapshot, mine: ['r3m3'] }), {
      sessionId: 7,
      version: 11,
      changes: [],
      deadline: 1_600_000,
    });
    expect([heard.deadline, mySeats(heard)]).toEqual([1_600_000, ['r3m3']]);
    const expired = applyDelta(extended, { sessionId: 7, version: 11, changes: [{ seat: 'r3m3', state: 'free' }] });
    expect([expired.deadline, expired.extended]).toEqual([null, false]);
    expect(fromSnapshot({ ...snapshot, extended: true }).extended).toBe(true);
  });
});
