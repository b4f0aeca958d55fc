import { useApiQuery } from '../../../shared/api/hooks';

/** The bill: films from today on with their sessions (GET /api/schedules). */
export const useSchedules = () => useApiQuery('GET /schedules');
