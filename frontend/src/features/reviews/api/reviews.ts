import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';

/** POST /api/reviews/{filmId}/store; the viewer's own reviews list is refreshed. */
export function useStoreReview() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /reviews/:id/store', {
    onSuccess: () => void invalidate(queryClient, 'GET /profile/reviews', 'GET /count-reviews'),
  });
}
