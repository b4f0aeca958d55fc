/**
 * A viewer's tickets: the profile's list (GET /api/buying-ticket), the viewings (GET /api/profile/watch),
 * refunds and PDF downloads. Both lists follow the user room's 'tickets:changed' pushes (a refund or
 * admission elsewhere, the watching state moved by the workers) without a reload.
 */
import type { OwnTicket, TicketsChanged } from '@kino/backend/contract';
import { callForBlob, queryKeyOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useLiveEvent } from '../../../shared/live/live';
import { applyTicketChanges } from '../lib/own-tickets';

const LISTS = [
  { key: 'GET /buying-ticket', liveOnly: false },
  { key: 'GET /profile/watch', liveOnly: true },
] as const;

export const useOwnTickets = () => useApiQuery('GET /buying-ticket');
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

/** Fetches the ticket's PDF and saves it as ticket_{id}.pdf; throws when the download fails. */
export async function downloadTicketPdf(id: number): Promise<void> {
  const blob = await callForBlob('GET /tickets/:id/pdf', { params: { id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `ticket_${id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
