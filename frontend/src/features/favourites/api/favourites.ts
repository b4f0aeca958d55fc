/**
 * A film's or a person's favourite state for the signed-in viewer, read from the viewer's
 * favourites (GET /api/favorite, one read for the whole page, shared with the profile) rather than
 * SPEC's liked check, whose 404 for "not liked" the browser logs as an error on every page; and the
 * add / remove calls, which refresh that list.
 */
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';
import { invalidate, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useSession } from '../../../shared/auth/session';

export type FavouriteKind = 'movie' | 'person';

const CALLS = {
  movie: { store: 'GET /favorite/movie/:id/store', remove: 'DELETE /favorite/movie/:id/delete' },
  person: { store: 'GET /favorite/persons/:id/store', remove: 'DELETE /favorite/persons/:id/delete' },
} as const;

export function useFavourite(kind: FavouriteKind, id: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const favourites = useApiQuery('GET /favorite', undefined, { enabled: Boolean(session) });
  const liked =
    kind === 'movie'
      ? favourites.data?.movies.some(({ movie }) => movie.id === id)
      : favourites.data?.persons.some(({ person }) => person.id === id);
  const toggle = useMutation({
    mutationFn: (add: boolean) => call(add ? CALLS[kind].store : CALLS[kind].remove, { params: { id } }),
    onSuccess: () => invalidate(queryClient, 'GET /favorite'),
  });
  return { signedIn: Boolean(session), liked: liked === true, loading: favourites.isPending, toggle };
}
