import { useApiQuery } from '../../../shared/api/hooks';

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a person. */
export const usePerson = (id: string) => useApiQuery('GET /persons/:id', { params: { id } });
