import { useEffect } from 'react';
import { useApiQuery } from '../api/hooks';
import type { SeatMapStatus } from './seat-room';

/**
 * GET /api/seats/{id}: the film, hall, time and price of a session. With the status of its open seat map: a map
 * that closes while open (the session cancelled) asks for the session again, and the answer says why (409).
 */
export function useSeatSession(sessionId: number | null, mapStatus?: SeatMapStatus) {
  const session = useApiQuery(
    'GET /seats/:sessionId',
    { params: { sessionId: sessionId ?? 0 } },
    { enabled: sessionId !== null },
  );
  const { refetch } = session;
  useEffect(() => {
    if (mapStatus === 'missing') void refetch();
  }, [mapStatus, refetch]);
  return session;
}
