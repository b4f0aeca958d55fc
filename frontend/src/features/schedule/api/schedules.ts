import type { ScheduleFilm } from '@kino/backend/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** The bill: films from today on with their sessions (GET /api/schedules). */
export function useSchedules() {
  return useQuery({
    queryKey: ['schedules'],
    queryFn: ({ signal }) => api.get<ScheduleFilm[]>('/schedules', { signal }),
  });
}
