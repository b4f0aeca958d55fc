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
import { useServerLoad } from '../ssr/server-render';
import { call, isClientError, queryKeyOf, type ApiError, type CallArgs } from './client';

type QueryOptions<K extends ApiKey> = Omit<
  UseQueryOptions<ApiOutput<K>, ApiError, ApiOutput<K>, ReturnType<typeof queryKeyOf<K>>>,
  'queryKey' | 'queryFn'
>;

export function useApiQuery<K extends ApiKey>(key: K, input?: ApiInput<K>, options: QueryOptions<K> = {}) {
  const queryKey = queryKeyOf(key, input);
  // The signal cancels the request when nothing needs the answer any more (docs/product.md §4).
  const queryFn = ({ signal }: { signal?: AbortSignal }) =>
    call(key, ...([input, { signal }] as unknown as CallArgs<K>));
  const queryClient = useQueryClient();
  // Rendered on the server, a public read is loaded before the HTML is written.
  useServerLoad(queryClient, key, queryKey, queryFn, options.enabled);
  // A 4xx (a missing film) is shown as it is, on the server and when the browser takes the page
  // over, rather than as loading again: it would not change on a retry.
  const retryOnMount = !isClientError(queryClient.getQueryState(queryKey)?.error);
  return useQuery({ queryKey, queryFn, retryOnMount, ...options });
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
