/**
 * TanStack Query over the contract: `useApiQuery(key, input)` and `useApiMutation(key)`. The query
 * key is `[key, input]`, so a mutation invalidates an endpoint's every variant with `invalidate(key)`.
 */
import type { ApiInput, ApiKey, ApiOutput } from '@kino/backend/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { call, queryKeyOf, type ApiError, type CallArgs } from './client';

type QueryOptions<K extends ApiKey> = Omit<
  UseQueryOptions<ApiOutput<K>, ApiError, ApiOutput<K>, ReturnType<typeof queryKeyOf<K>>>,
  'queryKey' | 'queryFn'
>;

export function useApiQuery<K extends ApiKey>(key: K, input?: ApiInput<K>, options: QueryOptions<K> = {}) {
  return useQuery({
    queryKey: queryKeyOf(key, input),
    // The signal cancels the request when nothing needs the answer any more (SPEC section 4).
    queryFn: ({ signal }) => call(key, ...([input, { signal }] as unknown as CallArgs<K>)),
    ...options,
  });
}

type MutationOptions<K extends ApiKey, V> = Omit<UseMutationOptions<ApiOutput<K>, ApiError, V>, 'mutationFn'>;

/** A write: `mutate(input)` with the endpoint's input. */
export function useApiMutation<K extends ApiKey>(key: K, options: MutationOptions<K, ApiInput<K>> = {}) {
  return useMutation({
    mutationFn: (input: ApiInput<K>) => call(key, ...([input] as unknown as CallArgs<K>)),
    ...options,
  });
}

/** Marks every cached answer of these endpoints stale (refetched where shown). */
export function invalidate(queryClient: QueryClient, ...keys: ApiKey[]) {
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

export { useQueryClient };
