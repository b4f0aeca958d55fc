/**
 * Orders already paid for a new session: a few purchases of 1–4 neighbouring seats in distinct
 * rows, more in the evening. Deterministic per session (seeded by its start and hall). Purchases
 * happen before the session and never after `now`; is_watching follows the session's clock.
 */
import { HALL_PLACES, HALL_ROWS } from '../contract/constants';
import { kopecksOf } from '../contract/money';
import { toCinemaTime } from '../contract/time';
import { seededRandom } from '../lib/infra/random';

export interface SoldSession {
  id: number;
  hallId: number;
  startTime: Date;
  endTime: Date;
  price: number;
}

/** One paid order: its buyer's seats of one session, bought at one moment. */
export interface PlannedPurchase {
  sessionId: number;
  userId: number;
  seats: string[];
  priceKopecks: number;
  purchaseDate: Date;
  isWatching: 0 | 1 | 2;
}

/** The demo viewer's own purchase, always in this row so it never meets the others. */
const VIEWER_ROW = 6;
const EVENING = '18:00';
const HOUR = 3_600_000;

/**
 * @param buyers user ids of the viewers who buy at random
 * @param viewer a purchase for the demo viewer: their user id and how many seats
 */
export function planTickets(
  session: SoldSession,
  buyers: readonly number[],
  now: Date,
  viewer?: { userId: number; seats: number },
): PlannedPurchase[] {
  const { int } = seededRandom(`${session.startTime.toISOString()}|${session.hallId}`);
  const evening = toCinemaTime(session.startTime).slice(11, 16) >= EVENING;
  const purchases = buyers.length === 0 ? 0 : evening ? 2 + int(4) : int(3);
  const rows = shuffle(
    Array.from({ length: HALL_ROWS }, (_, i) => i + 1).filter((row) => row !== VIEWER_ROW),
    int,
  );
  const plan: { userId: number; row: number; seats: number }[] = [];
  if (viewer) plan.push({ userId: viewer.userId, row: VIEWER_ROW, seats: viewer.seats });
  for (let i = 0; i < purchases; i++)
    plan.push({ userId: buyers[int(buyers.length)]!, row: rows[i]!, seats: 1 + int(4) });

  const isWatching = now >= session.endTime ? 2 : now >= session.startTime ? 1 : 0;
  return plan.map(({ userId, row, seats }) => {
    const first = 1 + int(HALL_PLACES - seats + 1);
    const bought = Math.min(
      session.startTime.getTime() - (1 + int(72)) * HOUR,
      now.getTime() - (1 + int(600)) * 60_000,
    );
    return {
      sessionId: session.id,
      userId,
      seats: Array.from({ length: seats }, (_, i) => `r${row}m${first + i}`),
      priceKopecks: kopecksOf(session.price),
      purchaseDate: new Date(bought),
      isWatching,
    };
  });
}

function shuffle<T>(items: T[], int: (below: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
