/**
 * A film's or a person's favourite state for the signed-in viewer: the liked check (200 liked, 404
 * not) and the add / remove calls. Changes refresh the profile's favourites list.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, call, queryKeyOf } from '../../../shared/api/client';
import { invalidate, useQueryClient } from '../../../shared/api/hooks';
import { useSession } from '../../../shared/auth/session';

export type FavouriteKind = 'movie' | 'person';

const CALLS = {
  movie: {
    liked: 'GET /favorite-movie/liked/:id',
    store: 'GET /favorite/movie/:id/store',
    remove: 'DELETE /favorite/movie/:id/delete',
  },
  person: {
    liked: 'GET /favorite-person/liked/:id',
    store: 'GET /favorite/persons/:id/store',
    remove: 'DELETE /favorite/persons/:id/delete',
  },
} as const;

export function useFavourite(kind: FavouriteKind, id: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const calls = CALLS[kind];
  const input = { params: { id } };
  const key = [...queryKeyOf(calls.liked, input), session?.user.id];
  const liked = useQuery({
    queryKey: key,
    enabled: Boolean(session),
    queryFn: async ({ signal }) => {
      try {
        return (await call(calls.liked, input, { signal })).liked;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
  });
  const toggle = useMutation({
    mutationFn: (add: boolean) => call(add ? calls.store : calls.remove, input),
    onSuccess: ({ liked }) => {
      queryClient.setQueryData(key, liked);
      void invalidate(queryClient, 'GET /favorite');
    },
  });
  return { signedIn: Boolean(session), liked, toggle };
}
