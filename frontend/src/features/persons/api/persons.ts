import type { PersonDetail } from '@kino/backend/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a person. */
export function usePerson(id: string) {
  return useQuery({
    queryKey: ['persons', id],
    queryFn: ({ signal }) => api.get<PersonDetail>(`/persons/${encodeURIComponent(id)}`, { signal }),
  });
}
