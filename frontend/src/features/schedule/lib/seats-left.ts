import type { Session } from '@kino/backend/contract';

/** At most this share of the hall left is «мало мест». */
const FEW_SHARE = 0.15;

/** How full a session is, from the bill's live counts: null while there is room. */
export function seatsLeft(session: Pick<Session, 'count_close_seat' | 'hall'>): 'распродано' | 'мало мест' | null {
  const left = session.hall.capacity - session.count_close_seat;
  if (left <= 0) return 'распродано';
  return left <= Math.ceil(session.hall.capacity * FEW_SHARE) ? 'мало мест' : null;
}
