/**
 * A buyer's order page: GET /api/orders/{id}, asked again whenever the user room says the order or
 * one of its tickets changed, and every few seconds while it waits for the payment (the fallback
 * when a push is lost; the server also asks the provider on those reads). A push that carries the
 * order (the paid one, with its tickets) is shown as it is, without asking; a ticket change the page
 * already shows asks nothing either. Cancelling gives the seats back.
 */
import type { OrderView, TicketsChanged } from '@kino/backend/contract';
import { queryKeyOf } from '../../../shared/api/client';
import { useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useLiveEvent } from '../../../shared/live/live';

const POLL_MS = 5_000;

export function useOrder(id: number) {
  const query = useApiQuery(
    'GET /orders/:id',
    { params: { id } },
    {
      refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false),
      // Coming back to the tab (after paying in another) asks at once.
      refetchOnWindowFocus: true,
      staleTime: 0,
    },
  );
  const queryClient = useQueryClient();
  const refetch = () => void query.refetch();
  useLiveEvent('orders:changed', (change) => {
    if (change.id !== id) return;
    const pushed = change.order;
    if (!pushed) return refetch();
    // A read under way (the poll) began before this change: it is dropped, or it would show the older order.
    const key = queryKeyOf('GET /orders/:id', { params: { id } });
    void queryClient.cancelQueries({ queryKey: key }).then(() => queryClient.setQueryData<OrderView>(key, pushed));
  });
  useLiveEvent('tickets:changed', ({ tickets }) => {
    const data = query.data;
    const ours = tickets.filter((t) => data?.lines.some((line) => line.ticket_id === t.id));
    const shown = (t: TicketsChanged['tickets'][number]) =>
      data?.tickets.some(
        (mine) =>
          mine.id === t.id &&
          mine.status === t.status &&
          mine.is_watching === t.is_watching &&
          mine.used_at === t.used_at,
      );
    if (ours.some((t) => !shown(t))) refetch();
  });
  return query;
}

export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  const key = queryKeyOf('GET /orders/:id', { params: { id } });
  return useApiMutation('POST /orders/:id/cancel', {
    onSuccess: (order) => queryClient.setQueryData<OrderView>(key, order),
    // Refused (paid meanwhile, already closed): show the order as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
