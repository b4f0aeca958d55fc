/** The cinema's details: read by every page (shared/cinema), saved here by the admin. */
import { queryKeyOf } from '../../../shared/api/client';
import { useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export const useCinemaSettings = () => useApiQuery('GET /settings/cinema');

/** Saves them; every open view of them (the header, the footer, this screen) shows what was saved. */
export function useSaveCinemaSettings() {
  const queryClient = useQueryClient();
  return useApiMutation('PUT /settings/cinema', {
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf('GET /settings/cinema'), saved),
  });
}
