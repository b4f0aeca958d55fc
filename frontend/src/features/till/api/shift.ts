/**
 * The cashier's shift: GET /api/shifts/current (404 when none is open: the till offers to open one) and
 * POST /api/shifts/open with the float. A sale or a refund changes the cash expected: they refetch it.
 */
import { isClientError } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export function useCurrentShift() {
  const query = useApiQuery('GET /shifts/current', undefined, {
    // No open shift is an answer, not a failure to retry.
    retry: (count, error) => !isClientError(error) && count < 2,
  });
  const none = query.error?.status === 404;
  return { query, shift: none ? null : query.data, none };
}

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /shifts/open', {
    onSuccess: (shift) => queryClient.setQueryData(['GET /shifts/current', {}], shift),
  });
}

export function useRefreshShift() {
  const queryClient = useQueryClient();
  return () => void invalidate(queryClient, 'GET /shifts/current');
}
