/**
 * A film's or a person's favourite state for the signed-in viewer: the liked check (200 liked, 404
 * not) and the add / remove calls. Changes refresh the profile's favourites list ('favourites').
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikedResponse } from '@kino/backend/contract';
import { api, ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/auth/session';

export type FavouriteKind = 'movie' | 'person';

const PATHS: Record<FavouriteKind, { liked: string; store: string; remove: string }> = {
  movie: { liked: '/favorite-movie/liked', store: '/favorite/movie', remove: '/favorite/movie' },
  person: { liked: '/favorite-person/liked', store: '/favorite/persons', remove: '/favorite/persons' },
};

export function useFavourite(kind: FavouriteKind, id: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ['favourite', kind, id, session?.user.id];
  const liked = useQuery({
    queryKey: key,
    enabled: Boolean(session),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<LikedResponse>(`${PATHS[kind].liked}/${id}`, { signal })).liked;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
  });
  const toggle = useMutation({
    mutationFn: (add: boolean) =>
      add
        ? api.get<LikedResponse>(`${PATHS[kind].store}/${id}/store`)
        : api.delete<LikedResponse>(`${PATHS[kind].remove}/${id}/delete`),
    onSuccess: ({ liked }) => {
      queryClient.setQueryData(key, liked);
      void queryClient.invalidateQueries({ queryKey: ['favourites'] });
    },
  });
  return { signedIn: Boolean(session), liked, toggle };
}
