import type { SeatSessionView } from '@kino/backend/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const seatSessionKey = (sessionId: number) => ['seat-session', sessionId] as const;

/** GET /api/seats/{id}: the film, hall, time and price of a session. */
export function useSeatSession(sessionId: number | null) {
  return useQuery({
    queryKey: seatSessionKey(sessionId ?? 0),
    queryFn: ({ signal }) => api.get<SeatSessionView>(`/seats/${sessionId}`, { signal }),
    enabled: sessionId !== null,
  });
}
