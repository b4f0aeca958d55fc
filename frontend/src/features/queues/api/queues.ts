import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

/** How often the open monitor asks for fresh counts. */
const REFRESH_MS = 5000;

/** GET /api/queues: each queue's counts by state, refreshed while the screen is open. */
export const useQueues = () => useApiQuery('GET /queues', undefined, { refetchInterval: REFRESH_MS });

/** POST /api/queues/{queue}/jobs/{id}/retry; the failed list and the counts follow. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /queues/:queue/jobs/:id/retry', {
    onSuccess: () => void invalidate(queryClient, 'GET /queues', 'GET /queues/:queue/failed'),
  });
}
