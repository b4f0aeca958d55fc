import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session';
import { mySeats } from './seat-map-state';
import { SeatRoom } from './seat-room';

export { SeatRefused } from './seat-room';

/** The live hall of a session for this viewer: seat states, my seats, and hold / release. */
export function useSeatMap(sessionId: number | null) {
  const token = useSession()?.token ?? null;
  const room = useMemo(() => new SeatRoom(token), [token]);
  const view = useSyncExternalStore(room.subscribe, room.getView);
  useEffect(() => room.watch(sessionId), [room, sessionId]);
  return {
    state: view.state,
    status: view.status,
    mine: mySeats(view.state),
    signedIn: room.signedIn,
    hold: (seat: string, pair: string | null = null) => room.hold(seat, pair),
    release: (seat: string) => room.release(seat),
    best: (count: number) => room.best(count),
    releaseAll: () => room.releaseAll(),
    extend: () => room.extend(),
  };
}
