import { useApiQuery } from '../api/hooks';

/** GET /api/seats/{id}: the film, hall, time and price of a session. */
export const useSeatSession = (sessionId: number | null) =>
  useApiQuery('GET /seats/:sessionId', { params: { sessionId: sessionId ?? 0 } }, { enabled: sessionId !== null });
