/** Sessions (SPEC's schedule) and GET /api/schedules: the films on the bill, each with its sessions. */
import { FilmGenreSchema, HallSchema } from './catalog';
import {
  chosenIdSchema,
  CinemaTimeSchema,
  DateSchema,
  formBooleanSchema,
  FormIdSchema,
  IdSchema,
  pageSchema,
  StaffPageQuerySchema,
} from './common';
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

/** A session's accessibility (REGISTRIES.md §4.3): subtitles for the deaf and hard of hearing, audio description. */
export const SessionAccessSchema = z.strictObject({
  /** Shown with subtitles («С субтитрами»). */
  subtitles: z.boolean(),
  /** With audio description for the blind («Тифлокомментарий»). */
  audio_description: z.boolean(),
});
export type SessionAccess = z.infer<typeof SessionAccessSchema>;

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
  /** The price card it sells on, or null (every seat at `price`). */
  price_card_id: z.number().int().nullable(),
  ...SessionAccessSchema.shape,
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
  /** Seats sold or being paid. */
  taken: z.number().int().nonnegative(),
  /** Of those, tickets paid: what cancelling the session refunds (online, or at the counter). */
  paid: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** What the paid tickets brought, roubles (lines of orders still being paid count in `taken`, not here). */
  sum: z.number().nonnegative(),
  price_card: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
  /** When it was cancelled (cinema wall-clock time), or null: a cancelled session stays listed, marked. */
  cancelled_at: CinemaTimeSchema.nullable(),
  /** Why it was cancelled (what the manager typed), or null. */
  cancel_reason: z.string().nullable(),
  ...SessionAccessSchema.shape,
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

/** GET /api/schedules/admin: from the cinema's today on (or one day), earliest first. */
export const StaffSessionQuerySchema = StaffPageQuerySchema.extend({ date: DateSchema.optional() });

/**
 * A session's start from the form: the bill's wall clock 'YYYY-MM-DD HH:mm[:ss]' in the cinema's
 * zone, or an ISO 8601 instant with its offset. The instant.
 */
export const SessionStartSchema = z.string({ error: 'Укажите дату и время начала' }).transform((text, ctx) => {
  const trimmed = text.trim();
  // An empty picker (or a half-filled one, which reads as empty) says what to do, not a format.
  if (!trimmed) {
    ctx.addIssue({ code: 'custom', message: 'Укажите дату и время начала' });
    return z.NEVER;
  }
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

const PRICE_RULE = 'Цена — целое положительное число рублей';

/**
 * POST /api/schedule/store (multipart, as SPEC; JSON accepted too). The end is the start plus the
 * film's running time, computed by the server: an end sent by the client is ignored.
 */
export const ScheduleStoreBodySchema = z.strictObject({
  movie_id: chosenIdSchema('Выберите фильм'),
  hall_id: chosenIdSchema('Выберите зал'),
  start_time: SessionStartSchema,
  end_time: z.string().max(40).optional(),
  price: z
    .union(
      [
        // Empty or missing: the pipe below asks for the price.
        z.literal('').transform(() => undefined),
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: PRICE_RULE },
    )
    .optional()
    .pipe(
      z
        .number({ error: 'Укажите цену билета' })
        .int(PRICE_RULE)
        .positive(PRICE_RULE)
        .max(MAX_TICKET_PRICE, `Не больше ${MAX_TICKET_PRICE} ₽`),
    ),
  /**
   * The price card the session sells on (zones × ticket types); `price` is then the card's standard
   * adult price (the card's figure is kept). Without it every seat costs `price`, as SPEC has it.
   */
  price_card_id: z.union([z.literal('').transform(() => undefined), FormIdSchema]).optional(),
  /** Shown with subtitles; false when not sent. */
  subtitles: formBooleanSchema('Субтитры: да или нет').default(false),
  /** With audio description; false when not sent. */
  audio_description: formBooleanSchema('Тифлокомментарий: да или нет').default(false),
});
export type ScheduleStoreBody = z.input<typeof ScheduleStoreBodySchema>;

/**
 * PUT /api/schedules/{id}: move a session (start, hall), change its price card or its accessibility
 * flags. Only the fields sent change. A session with tickets sold, being paid or seats held may not
 * move (the sold tickets keep their time): that is 409 session_has_sales.
 */
export const ScheduleUpdateBodySchema = z
  .strictObject({
    hall_id: FormIdSchema.optional(),
    start_time: SessionStartSchema.optional(),
    /** '' or null: no card (every seat at `price`). */
    price_card_id: z.union([z.literal('').transform(() => null), z.null(), FormIdSchema]).optional(),
    price: ScheduleStoreBodySchema.shape.price.optional(),
    subtitles: formBooleanSchema('Субтитры: да или нет').optional(),
    audio_description: formBooleanSchema('Тифлокомментарий: да или нет').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Укажите, что изменить: время, зал, ценовую карту, цену или доступность',
  });
export type ScheduleUpdateBody = z.input<typeof ScheduleUpdateBodySchema>;

/** POST /api/schedules/{id}/cancel */
export const ScheduleCancelBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Укажите причину отмены').max(500, 'Не длиннее 500 символов'),
});
export type ScheduleCancelBody = z.input<typeof ScheduleCancelBodySchema>;

/** What cancelling a session did. */
export const ScheduleCancelResultSchema = z.strictObject({
  id: z.number().int(),
  cancelled_at: z.string(),
  reason: z.string(),
  /** Tickets paid online: being refunded through the provider (the cancellation's job). */
  refunded_online: z.number().int().nonnegative(),
  /** Tickets paid at the till (cash or card): to be refunded at the counter. */
  refund_at_counter: z.number().int().nonnegative(),
  /** Orders still being paid: being cancelled (money that came meanwhile is refunded). */
  orders_cancelled: z.number().int().nonnegative(),
});
export type ScheduleCancelResult = z.infer<typeof ScheduleCancelResultSchema>;

export const scheduleEndpoints = {
  'GET /schedules': {
    summary: 'Афиша: фильмы с сеансами с сегодняшнего дня и проданными местами',
    access: PUBLIC,
    response: ScheduleListSchema,
  },
  'GET /schedules/admin': {
    summary:
      'Сеансы для панели: свободные, занятые и все места, сумма, отмена (когда и почему); с сегодняшнего дня или за одну дату',
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
  'PUT /schedules/:id': {
    summary: 'Изменить сеанс (время, зал, ценовая карта); 409, если билеты проданы, кроме смены цен непроданных мест',
    access: requires('schedule', 'update'),
    params: z.strictObject({ id: IdSchema }),
    body: ScheduleUpdateBodySchema,
    response: SessionSchema,
  },
  'POST /schedules/:id/cancel': {
    summary:
      'Отменить сеанс: онлайн-билеты возвращаются через платёжный сервис, кассовые — к возврату в кассе, покупателям письмо',
    access: requires('schedule', 'delete'),
    params: z.strictObject({ id: IdSchema }),
    body: ScheduleCancelBodySchema,
    response: ScheduleCancelResultSchema,
  },
} as const satisfies EndpointMap;
