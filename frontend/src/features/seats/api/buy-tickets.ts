import type { SeatCode, SeatSessionView } from '@kino/backend/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client';

export interface Purchase {
  session: SeatSessionView;
  seats: SeatCode[];
}

/** POST /api/tickets/store with the price and session time the viewer was shown. */
export function useBuyTickets() {
  return useMutation({
    mutationFn: ({ session, seats }: Purchase) =>
      call('POST /tickets/store', {
        body: { price: session.price, schedule_id: session.id, seat_number: seats, purchase_date: session.start_time },
      }),
  });
}
