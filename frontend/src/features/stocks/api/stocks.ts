import type { Stock } from '@kino/backend/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export function useStocks() {
  return useQuery({ queryKey: ['stocks'], queryFn: ({ signal }) => api.get<Stock[]>('/stocks', { signal }) });
}

/** `id` as it stands in the address; the API answers 400 or 404 when it is not a promotion. */
export function useStock(id: string) {
  return useQuery({
    queryKey: ['stocks', id],
    queryFn: ({ signal }) => api.get<Stock>(`/stocks/${encodeURIComponent(id)}`, { signal }),
  });
}
