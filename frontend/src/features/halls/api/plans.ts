/** A hall's plan: read it, save it (the halls lists and the public plan are read again after). */
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export const useHallPlan = (id: number, enabled = true) =>
  useApiQuery('GET /halls/:id/plan', { params: { id: String(id) } }, { enabled });

export function useSaveHallPlan() {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /halls/:id/plan', {
    onSuccess: () => void invalidate(queryClient, 'GET /halls/:id/plan', 'GET /halls/admin', 'GET /halls'),
  });
}
