import { useApiQuery } from '../../../shared/api/hooks';

export const useStocks = () => useApiQuery('GET /stocks');

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a promotion. */
export const useStock = (id: string) => useApiQuery('GET /stocks/:id', { params: { id } });
