/**
 * The till takes its seats on the live map as a viewer does (the same Redis scripts and rules): each seat
 * is held for the cashier, so a seat held or sold online is refused, and the order's check then finds them
 * all held. Seats are taken left to right along each row (the no-single-gap rule judges each step).
 */
import { parseSeatCode, SEAT_REFUSAL_MESSAGES, type SeatRefusal } from '../../contract/seats';
import { conflict } from '../../lib/http/errors';
import { seatNotInHall, seatOrphaned, type SeatResult, type SeatStore } from '../seats';
import { seatTaken } from '../orders/create-order';
import { sessionStarted } from '../schedules/lifecycle';

const byPosition = (a: string, b: string) => {
  const [x, y] = [parseSeatCode(a), parseSeatCode(b)];
  return x.row - y.row || x.place - y.place;
};

function refusal(result: SeatResult, seat: string, seatField: (seat: string) => string) {
  if (result.status === 'invalid') return seatNotInHall(seatField(seat));
  if (result.status === 'orphan') return seatOrphaned(seat);
  if (result.status === 'taken') return seatTaken(seat);
  if (result.status === 'past') return sessionStarted();
  const message = SEAT_REFUSAL_MESSAGES[result.status as SeatRefusal] ?? SEAT_REFUSAL_MESSAGES.invalid;
  return conflict('conflict', message, { seat });
}

/** Holds the seats for the cashier; answers those newly held (to release if the sale fails). */
export async function takeSeats(
  store: SeatStore,
  sessionId: number,
  cashierId: number,
  seats: string[],
  seatField: (seat: string) => string,
): Promise<string[]> {
  const { mine } = await store.snapshot(sessionId, cashierId);
  const taken: string[] = [];
  for (const seat of seats.toSorted(byPosition)) {
    // The till sells wheelchair spaces held back from general sale too.
    const result = await store.hold(sessionId, cashierId, seat, { till: true });
    if (result.status !== 'ok') {
      await releaseSeats(store, sessionId, cashierId, taken);
      throw refusal(result, seat, seatField);
    }
    if (!mine.includes(seat)) taken.push(seat);
  }
  return taken;
}

export async function releaseSeats(store: SeatStore, sessionId: number, cashierId: number, seats: string[]) {
  for (const seat of seats) await store.release(sessionId, cashierId, seat);
}
