import type { ApiKey } from '@kino/backend/contract';
import { useApiQuery } from '../../../shared/api/hooks';

/** The bill: films from today on with their sessions (GET /api/schedules). */
export const useSchedules = () => useApiQuery('GET /schedules');

/** What a session's creation, edit or cancellation changes: the staff table, the bill and the subtitles report. */
export const SESSIONS_READS = [
  'GET /schedules/admin',
  'GET /schedules',
  'GET /reports/accessibility',
] as const satisfies readonly ApiKey[];
