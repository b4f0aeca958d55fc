import type { SeatCode, SeatSessionView, TicketStoreBody, TicketStoreResponse } from '@kino/backend/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface Purchase {
  session: SeatSessionView;
  seats: SeatCode[];
}

/** POST /api/tickets/store with the price and session time the viewer was shown. */
export function useBuyTickets() {
  return useMutation({
    mutationFn: ({ session, seats }: Purchase) =>
      api.post<TicketStoreResponse>('/tickets/store', {
        price: session.price,
        schedule_id: session.id,
        seat_number: seats,
        purchase_date: session.start_time,
      } satisfies TicketStoreBody),
  });
}
