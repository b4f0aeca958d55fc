/**
 * A viewer's tickets: the profile's list (GET /api/buying-ticket), the viewings (GET /api/profile/watch),
 * and refunds. Both lists follow the user room's 'tickets:changed' pushes (a refund or
 * admission elsewhere, the watching state moved by the workers) without a reload.
 */
import type { OwnTicket, TicketsChanged } from '@kino/backend/contract';
import { queryKeyOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useLiveEvent } from '../../../shared/live/live';
import { applyTicketChanges, isRefundUnderWay } from '../lib/own-tickets';

const LISTS = [
  { key: 'GET /buying-ticket', liveOnly: false },
  { key: 'GET /profile/watch', liveOnly: true },
] as const;

/** A refund the provider settles later: its refusal is pushed to no room, so the list asks now and then. */
const REFUND_POLL_MS = 10_000;

export const useOwnTickets = () =>
  useApiQuery('GET /buying-ticket', undefined, {
    refetchInterval: (query) => (query.state.data?.some(isRefundUnderWay) ? REFUND_POLL_MS : false),
  });
export const useViewings = () => useApiQuery('GET /profile/watch');

/** Folds each push into whichever lists are cached; fetches a list again when it lacks a ticket. */
export function useLiveOwnTickets() {
  const queryClient = useQueryClient();
  useLiveEvent('tickets:changed', (change: TicketsChanged) => {
    for (const { key, liveOnly } of LISTS) {
      let stale = false;
      queryClient.setQueryData<OwnTicket[]>(queryKeyOf(key), (list) => {
        if (!list) return list;
        const next = applyTicketChanges(list, change, { liveOnly });
        stale ||= next.stale;
        return next.list;
      });
      if (stale) void invalidate(queryClient, key);
    }
  });
}

export function useRefundTicket() {
  const queryClient = useQueryClient();
  return useApiMutation('POST /tickets/:id/refund', {
    onSuccess: (ticket) => {
      queryClient.setQueryData<OwnTicket[]>(queryKeyOf('GET /buying-ticket'), (list) =>
        list?.map((t) => (t.id === ticket.id ? ticket : t)),
      );
      void invalidate(queryClient, 'GET /profile/watch');
    },
    // Refused (refunded in another tab, used, past the cut-off): show the ticket as it now is.
    onError: () => void invalidate(queryClient, 'GET /buying-ticket', 'GET /profile/watch'),
  });
}
