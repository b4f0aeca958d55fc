/** Sessions (SPEC's schedule) and GET /api/schedules: the films on the bill, each with its sessions. */
import { FilmGenreSchema, HallSchema } from './catalog';
import { CinemaTimeSchema, DateSchema, FormIdSchema, FormIntSchema, pageSchema, StaffPageQuerySchema } from './common';
import { MAX_TICKET_PRICE } from './constants';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { fromCinemaTime } from './time';
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

/** A session as the back office's schedule table lists it. */
export const StaffSessionSchema = z.strictObject({
  id: z.number().int(),
  movie: z.strictObject({ id: z.number().int(), title: z.string(), poster: z.string().nullable() }),
  hall: z.strictObject({ id: z.number().int(), name: z.string() }),
  start_time: CinemaTimeSchema,
  end_time: CinemaTimeSchema,
  /** The film's running time, minutes. */
  duration: z.number().int(),
  /** Roubles per seat. */
  price: z.number().int(),
  free: z.number().int().nonnegative(),
  taken: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** price × taken, roubles. */
  sum: z.number().int().nonnegative(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

/** GET /api/schedules/admin: from the cinema's today on (or one day), earliest first. */
export const StaffSessionQuerySchema = StaffPageQuerySchema.extend({ date: DateSchema.optional() });

/**
 * A session's start from the form: the bill's wall clock 'YYYY-MM-DD HH:mm[:ss]' in the cinema's
 * zone, or an ISO 8601 instant with its offset. The instant.
 */
export const SessionStartSchema = z.string().transform((text, ctx) => {
  const trimmed = text.trim();
  try {
    return fromCinemaTime(trimmed);
  } catch {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed)
      ? new Date(trimmed)
      : null;
    if (iso && !Number.isNaN(iso.getTime())) return iso;
    ctx.addIssue({ code: 'custom', message: 'Укажите дату и время начала: ГГГГ-ММ-ДД ЧЧ:ММ' });
    return z.NEVER;
  }
});

/**
 * POST /api/schedule/store (multipart, as SPEC; JSON accepted too). The end is the start plus the
 * film's running time, computed by the server: an end sent by the client is ignored.
 */
export const ScheduleStoreBodySchema = z.strictObject({
  movie_id: FormIdSchema,
  hall_id: FormIdSchema,
  start_time: SessionStartSchema,
  end_time: z.string().max(40).optional(),
  price: FormIntSchema.pipe(
    z
      .number()
      .positive('Цена — целое положительное число рублей')
      .max(MAX_TICKET_PRICE, `Не больше ${MAX_TICKET_PRICE} ₽`),
  ),
});
export type ScheduleStoreBody = z.input<typeof ScheduleStoreBodySchema>;

export const scheduleEndpoints = {
  'GET /schedules': {
    summary: 'Афиша: фильмы с сеансами с сегодняшнего дня и проданными местами',
    access: PUBLIC,
    response: ScheduleListSchema,
  },
  'GET /schedules/admin': {
    summary: 'Сеансы для панели: свободные, занятые и все места, сумма; с сегодняшнего дня или за одну дату',
    access: requires('schedule', 'list'),
    query: StaffSessionQuerySchema,
    response: pageSchema(StaffSessionSchema),
  },
  'POST /schedule/store': {
    summary: 'Поставить сеанс: конец считает сервер; 409 с пересекающимся сеансом того же зала',
    access: requires('schedule', 'create'),
    body: ScheduleStoreBodySchema,
    upload: { files: {} },
    response: SessionSchema,
    status: 201,
  },
} as const satisfies EndpointMap;
