import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilmReview, ReviewBody } from '@kino/backend/contract';
import { api } from '../../../shared/api/client';

/** POST /api/reviews/{filmId}/store; the viewer's own reviews list ('own-reviews') is refreshed. */
export function useStoreReview(filmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post<FilmReview>(`/reviews/${filmId}/store`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['own-reviews'] }),
  });
}
