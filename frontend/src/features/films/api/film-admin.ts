/** The back office's film calls: import, cast and stills from Kinopoisk, edit, poster. */
import type { ApiKey } from '@kino/backend/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';

/** Every read a film change shows in: the tables, the public lists and the film page. */
export const refreshFilms = (queryClient: QueryClient) =>
  invalidate(queryClient, 'GET /films/admin', 'GET /films', 'GET /films/news', 'GET /banner', 'GET /films/:id');

function useFilmMutation<K extends ApiKey>(key: K) {
  const queryClient = useQueryClient();
  return useApiMutation(key, { onSuccess: () => void refreshFilms(queryClient) });
}

export const useImportFilm = () => useFilmMutation('POST /films/store');
export const useImportFilmPersons = () => useFilmMutation('GET /upload-persons-for-film/:kinopoiskId');
export const useImportFilmStills = () => useFilmMutation('GET /upload-image-for-film/:kinopoiskId');
export const useEditFilm = () => useFilmMutation('PUT /films/:id/edit');
export const useUploadFilmPoster = () => useFilmMutation('POST /upload-film-poster');
