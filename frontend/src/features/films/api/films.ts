/** Films from the API: the banner, new films, the catalogue and its filters, one film. */
import type {
  BannerFilm,
  Country,
  FilmCard,
  FilmDetail,
  FilmListQuery,
  FilmReview,
  Genre,
  NewFilm,
} from '@kino/backend/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** Genres and countries change rarely. */
const REFERENCE_STALE_MS = 10 * 60_000;

export function useBanner() {
  return useQuery({
    queryKey: ['banner'],
    // The signal cancels the request when the banner goes away (SPEC section 4).
    queryFn: ({ signal }) => api.get<BannerFilm | null>('/banner', { signal }),
  });
}

export function useNewFilms() {
  return useQuery({
    queryKey: ['films', 'news'],
    queryFn: ({ signal }) => api.get<NewFilm[]>('/films/news', { signal }),
  });
}

export function useFilms(filters: FilmListQuery) {
  return useQuery({
    queryKey: ['films', 'list', filters],
    queryFn: ({ signal }) => api.get<FilmCard[]>('/films', { signal, query: filters }),
    placeholderData: (previous) => previous,
  });
}

const filmKey = (id: string) => ['films', 'detail', id];

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a film. */
export function useFilm(id: string) {
  return useQuery({
    queryKey: filmKey(id),
    queryFn: ({ signal }) => api.get<FilmDetail>(`/films/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Shows a review just posted at the top of the film's list (and so in its count) without a refetch. */
export function useAddFilmReview(id: string) {
  const queryClient = useQueryClient();
  return (review: FilmReview) =>
    queryClient.setQueryData<FilmDetail>(filmKey(id), (film) => film && { ...film, review: [review, ...film.review] });
}

export function useGenres() {
  return useQuery({
    queryKey: ['genres'],
    queryFn: ({ signal }) => api.get<Genre[]>('/genres', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => api.get<Country[]>('/countries', { signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}
