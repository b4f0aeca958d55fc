/** Sessions (SPEC's schedule) and GET /api/schedules: the films on the bill, each with its sessions. */
import { FilmGenreSchema, HallSchema } from './catalog';
import { CinemaTimeSchema } from './common';
import { z } from './zod';

/** A seat sold for a session (a ticket neither refunded nor cancelled). */
export const TakenTicketSchema = z.strictObject({ schedule_id: z.number().int(), seat_number: z.string() });
export type TakenTicket = z.infer<typeof TakenTicketSchema>;

/** The film a session shows, as the seat popover needs it. */
export const SessionMovieSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  poster: z.string().nullable(),
  promo_img: z.string().nullable(),
  time: z.number().int(),
  age: z.number().int(),
  type_graphic: z.string(),
});

export const SessionSchema = z.strictObject({
  id: z.number().int(),
  movie_id: z.number().int(),
  hall_id: z.number().int(),
  /** Cinema wall-clock time, 'YYYY-MM-DD HH:mm:ss'. */
  start_time: CinemaTimeSchema,
  end_time: CinemaTimeSchema,
  /** Roubles per seat. */
  price: z.number().int(),
  hall: HallSchema,
  movie: SessionMovieSchema,
  /** How many seats are sold. */
  count_close_seat: z.number().int().nonnegative(),
  ticket: z.array(TakenTicketSchema),
});
export type Session = z.infer<typeof SessionSchema>;

/** A film on the bill with its sessions from today on, earliest first. */
export const ScheduleFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  poster: z.string().nullable(),
  promo_img: z.string().nullable(),
  age: z.number().int(),
  time: z.number().int(),
  type_graphic: z.string(),
  genres: z.array(FilmGenreSchema),
  schedule: z.array(SessionSchema),
});
export type ScheduleFilm = z.infer<typeof ScheduleFilmSchema>;

/** GET /api/schedules */
export const ScheduleListSchema = z.array(ScheduleFilmSchema);
