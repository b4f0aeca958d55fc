/** The back office's view of one order (payments, refunds, audit trail) and the staff refund. */
import type { StaffOrder } from '@kino/backend/contract';
import { queryKeyOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';

export const useStaffOrder = (id: number) => useApiQuery('GET /orders/:id/details', { params: { id } });

export function useStaffRefund(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('POST /orders/:id/refund', {
    onSuccess: (order) => {
      queryClient.setQueryData<StaffOrder>(queryKeyOf('GET /orders/:id/details', { params: { id } }), order);
      void invalidate(queryClient, 'GET /orders', 'GET /tickets');
    },
    // Refused (refunded or used meanwhile): show the order as it now is, the reason stays in the dialog.
    onError: () => void invalidate(queryClient, 'GET /orders/:id/details'),
  });
}

/** Staff say a refused late refund went back by hand: the order as it now is replaces the cached one. */
export function useReturnedByHand(id: number) {
  const queryClient = useQueryClient();
  return useApiMutation('POST /orders/:id/returned-by-hand', {
    onSuccess: (order) => {
      queryClient.setQueryData<StaffOrder>(queryKeyOf('GET /orders/:id/details', { params: { id } }), order);
      void invalidate(queryClient, 'GET /orders', 'GET /dashboard/sales');
    },
    onError: () => void invalidate(queryClient, 'GET /orders/:id/details'),
  });
}
