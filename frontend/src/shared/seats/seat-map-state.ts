/**
 * A hall as this viewer sees it, kept from a snapshot and the numbered deltas after it. A delta
 * older than the state is ignored; one that skips a number means something was missed, and the
 * state asks for a fresh snapshot. My holds' deadline stays on the server's clock, with the offset
 * of this browser's clock measured from the latest answer that carried the server's time.
 */
import {
  parseSeatCode,
  type SeatChange,
  type SeatCode,
  type SeatDelta,
  type SeatSnapshot,
  type SeatState,
} from '@kino/backend/contract';
import { clockOffset } from '../lib/server-clock';

export interface SeatMapState {
  sessionId: number | null;
  /** null until the first snapshot. */
  version: number | null;
  /** Seats that are not free. */
  seats: ReadonlyMap<SeatCode, Exclude<SeatState, 'free'>>;
  /** When my holds end, on the server's clock (epoch ms), or null. */
  deadline: number | null;
  /** I have extended my holds already: once per hold. */
  extended: boolean;
  /** Server clock minus this browser's clock (ms), for counting down to the deadline. */
  offset: number;
  /** A delta was missed: the snapshot must be fetched again. */
  stale: boolean;
}

export const emptySeatMap = (sessionId: number | null): SeatMapState => ({
  sessionId,
  version: null,
  seats: new Map(),
  deadline: null,
  extended: false,
  offset: 0,
  stale: false,
});

/** When a request went out and its answer came back, on this browser's clock. */
export interface RoundTrip {
  sentAt: number;
  receivedAt: number;
}

const justNow = (): RoundTrip => {
  const now = Date.now();
  return { sentAt: now, receivedAt: now };
};

export function fromSnapshot(snapshot: SeatSnapshot, trip: RoundTrip = justNow()): SeatMapState {
  const seats = new Map<SeatCode, Exclude<SeatState, 'free'>>();
  for (const seat of snapshot.sold) seats.set(seat, 'sold');
  for (const seat of snapshot.held) seats.set(seat, 'held');
  for (const seat of snapshot.mine) seats.set(seat, 'mine');
  return {
    sessionId: snapshot.sessionId,
    version: snapshot.version,
    seats,
    deadline: snapshot.deadline,
    extended: snapshot.extended,
    offset: clockOffset(snapshot.now, trip.receivedAt, trip.sentAt),
    stale: false,
  };
}

function applyChanges(seats: ReadonlyMap<SeatCode, Exclude<SeatState, 'free'>>, changes: SeatChange[]) {
  const next = new Map(seats);
  for (const { seat, state } of changes) {
    if (state === 'free') next.delete(seat);
    else next.set(seat, state);
  }
  return next;
}

export function applyDelta(state: SeatMapState, delta: SeatDelta): SeatMapState {
  // Before the first snapshot, or while a fresh one is on its way, deltas wait for it.
  if (state.version === null || state.stale) return state;
  if (delta.sessionId !== state.sessionId || delta.version <= state.version) return state;
  if (delta.version > state.version + 1) return { ...state, stale: true };
  const seats = applyChanges(state.seats, delta.changes);
  const holdsLeft = [...seats.values()].includes('mine');
  const deadline = delta.deadline !== undefined ? delta.deadline : holdsLeft ? state.deadline : null;
  // Holds that ended end their extension with them: a new hold may be extended again.
  return { ...state, version: delta.version, seats, deadline, extended: deadline !== null && state.extended };
}

/**
 * A seat just granted to me, before its delta arrives (the acknowledgement comes first), with the
 * deadline and the server's time the acknowledgement carries.
 */
export function markMine(
  state: SeatMapState,
  seat: SeatCode,
  ack: { deadline: number | null; now: number },
  trip: RoundTrip = justNow(),
): SeatMapState {
  const seats = new Map(state.seats).set(seat, 'mine');
  return { ...state, seats, deadline: ack.deadline, offset: clockOffset(ack.now, trip.receivedAt, trip.sentAt) };
}

/** My seats given back (their deltas follow): free on this map at once, and no deadline left. */
export function freeMine(state: SeatMapState): SeatMapState {
  const seats = new Map([...state.seats].filter(([, s]) => s !== 'mine'));
  return { ...state, seats, deadline: null, extended: false };
}

/** My holds extended (the acknowledgement comes before the delta): the new deadline, and no second time. */
export function markExtended(
  state: SeatMapState,
  ack: { deadline: number | null; now: number },
  trip: RoundTrip = justNow(),
): SeatMapState {
  return {
    ...state,
    deadline: ack.deadline,
    extended: true,
    offset: clockOffset(ack.now, trip.receivedAt, trip.sentAt),
  };
}

/** My seats, in hall order (row, then place). */
export function mySeats(state: SeatMapState): SeatCode[] {
  const order = (code: SeatCode) => {
    const { row, place } = parseSeatCode(code);
    return row * 100 + place;
  };
  return [...state.seats]
    .filter(([, s]) => s === 'mine')
    .map(([seat]) => seat)
    .sort((a, b) => order(a) - order(b));
}
