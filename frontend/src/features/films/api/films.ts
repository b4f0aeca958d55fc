/** Films from the API: the banner, new films, the catalogue and its filters, one film. */
import type { FilmDetail, FilmListQuery, FilmReview } from '@kino/backend/contract';
import { queryKeyOf } from '../../../shared/api/client';
import { useApiQuery, useQueryClient } from '../../../shared/api/hooks';

/** Genres and countries change rarely. */
const REFERENCE_STALE_MS = 10 * 60_000;

export const useBanner = () => useApiQuery('GET /banner');

export const useNewFilms = () => useApiQuery('GET /films/news');

export const useFilms = (filters: FilmListQuery) =>
  useApiQuery('GET /films', { query: filters }, { placeholderData: (previous) => previous });

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a film. */
export const useFilm = (id: string) => useApiQuery('GET /films/:id', { params: { id } });

/** Shows a review just posted at the top of the film's list (and so in its count) without a refetch. */
export function useAddFilmReview(id: string) {
  const queryClient = useQueryClient();
  return (review: FilmReview) =>
    queryClient.setQueryData<FilmDetail>(
      queryKeyOf('GET /films/:id', { params: { id } }),
      (film) => film && { ...film, review: [review, ...film.review] },
    );
}

export const useGenres = () => useApiQuery('GET /genres', undefined, { staleTime: REFERENCE_STALE_MS });

export const useCountries = () => useApiQuery('GET /countries', undefined, { staleTime: REFERENCE_STALE_MS });
