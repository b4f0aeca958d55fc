import { MAX_SEATS_PER_PURCHASE } from './constants';
import { SeatCodeSchema } from './seats';
import { fromCinemaTime } from './time';
import { z } from './zod';

const CinemaTimeSchema = z.string().refine((text) => {
  try {
    fromCinemaTime(text);
    return true;
  } catch {
    return false;
  }
}, 'Ожидается время сеанса в виде ГГГГ-ММ-ДД ЧЧ:ММ:СС');

/**
 * POST /api/tickets/store (SPEC section 7). The price is what the viewer was shown: the server
 * charges the session's price and refuses (409 price_changed) when they differ.
 */
export const TicketStoreBodySchema = z.object({
  price: z.number().int().positive(),
  schedule_id: z.number().int().positive(),
  seat_number: z
    .array(SeatCodeSchema)
    .min(1, 'Выберите хотя бы одно место')
    .max(MAX_SEATS_PER_PURCHASE, `Максимальное количество билетов ${MAX_SEATS_PER_PURCHASE}`)
    .refine((seats) => new Set(seats).size === seats.length, 'Места не должны повторяться'),
  /** The session's start time, as the client showed it. */
  purchase_date: CinemaTimeSchema,
});
export type TicketStoreBody = z.infer<typeof TicketStoreBodySchema>;

/** A ticket as SPEC's entity describes it (times in cinema wall-clock 'YYYY-MM-DD HH:mm:ss'). */
export interface TicketView {
  id: number;
  seat_number: string;
  price: number;
  purchase_date: string;
  is_watching: number;
  schedule: {
    id: number;
    start_time: string;
    price: number;
    hall: { id: number; name: string };
    movie: { id: number; title: string; age: number; promo_img: string | null };
  };
  user: { fio: string };
}

/** 201 answer of POST /api/tickets/store. */
export interface TicketStoreResponse {
  tickets: TicketView[];
}
