import { useApiQuery } from '../api/hooks';

/** GET /api/halls/{id}/plan: the hall's rows, seats, zones and flags (it changes rarely: kept a while). */
export const useHallPlan = (hallId: number | null) =>
  useApiQuery(
    'GET /halls/:id/plan',
    { params: { id: hallId ?? 0 } },
    { enabled: hallId !== null, staleTime: 5 * 60_000 },
  );
