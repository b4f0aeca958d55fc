import { MAX_SEATS_PER_PURCHASE, MAX_TICKET_PRICE, TICKET_STATUSES } from './constants';
import { DateSchema, IdNumberSchema, IdParamsSchema, IdSchema, pageSchema, StaffPageQuerySchema } from './common';
import { requires, SIGNED_IN, type EndpointMap } from './endpoint';
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
export const TicketStoreBodySchema = z.strictObject({
  price: z.number().int().positive().max(MAX_TICKET_PRICE, `Не больше ${MAX_TICKET_PRICE} ₽`),
  schedule_id: IdNumberSchema,
  seat_number: z
    .array(SeatCodeSchema)
    .min(1, 'Выберите хотя бы одно место')
    .max(MAX_SEATS_PER_PURCHASE, `Максимальное количество билетов ${MAX_SEATS_PER_PURCHASE}`)
    .refine((seats) => new Set(seats).size === seats.length, 'Места не должны повторяться'),
  /** The session's start time, as the client showed it. */
  purchase_date: CinemaTimeSchema,
});
export type TicketStoreBody = z.infer<typeof TicketStoreBodySchema>;

/** A ticket's watching state (SPEC section 4): 0 not yet shown, 1 showing now, 2 finished. */
export const WatchingStateSchema = z.number().int();

/**
 * A ticket as SPEC's entity describes it (times in cinema wall-clock 'YYYY-MM-DD HH:mm:ss'), with
 * its lifecycle: `status` ('paid' is live; 'refunded' gave the seat back) and `used_at`, when it
 * was admitted at the door (null until then).
 */
export const TicketSchema = z.object({
  id: z.number().int().positive(),
  seat_number: SeatCodeSchema,
  price: z.number().int().positive(),
  purchase_date: z.string(),
  is_watching: WatchingStateSchema,
  status: z.enum(TICKET_STATUSES),
  used_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  schedule: z.object({
    id: z.number().int().positive(),
    start_time: z.string(),
    end_time: z.string(),
    price: z.number().int().positive(),
    hall: z.object({ id: z.number().int().positive(), name: z.string() }),
    movie: z.object({
      id: z.number().int().positive(),
      title: z.string(),
      age: z.number().int(),
      promo_img: z.string().nullable(),
      poster: z.string().nullable(),
    }),
  }),
  user: z.object({ fio: z.string() }),
});
export type TicketView = z.infer<typeof TicketSchema>;

/**
 * A ticket as its owner sees it (GET /api/buying-ticket, GET /api/profile/watch, the refund's
 * answer): with `qr`, the signed check-in code the door scans, printed as a QR code on the PDF, and
 * the refund deadline, so the page offers a refund only while the server would accept it.
 */
export const OwnTicketSchema = TicketSchema.extend({
  qr: z.string(),
  /** Cinema time until which the owner may refund it (REFUND_CUTOFF_MINUTES before the start). */
  refundable_until: z.string(),
});
export type OwnTicket = z.infer<typeof OwnTicketSchema>;
export const OwnTicketListSchema = z.array(OwnTicketSchema);

/** 201 answer of POST /api/tickets/store. */
export const TicketStoreResponseSchema = z.object({ tickets: z.array(TicketSchema) });
export type TicketStoreResponse = z.infer<typeof TicketStoreResponseSchema>;

/** POST /api/tickets/check-in: the code read from the ticket's QR, or typed by the cashier. */
export const CheckInBodySchema = z.strictObject({
  code: z.string().trim().min(1, 'Введите код билета').max(200, 'Это не код билета'),
});
export type CheckInBody = z.infer<typeof CheckInBodySchema>;

/** 200 answer of a check-in: who may come in, where to. */
export const CheckInResultSchema = z.object({
  ticket_id: z.number().int().positive(),
  film: z.object({ id: z.number().int().positive(), title: z.string(), age: z.number().int() }),
  session: z.object({ id: z.number().int().positive(), start_time: z.string(), end_time: z.string() }),
  hall: z.object({ id: z.number().int().positive(), name: z.string() }),
  seat_number: SeatCodeSchema,
  row: z.number().int().positive(),
  seat: z.number().int().positive(),
  used_at: z.string(),
});
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

/** What the user room hears when tickets change (refund, admission, watching state). */
export const TicketChangeSchema = TicketSchema.pick({ id: true, status: true, is_watching: true, used_at: true });
export const TicketsChangedSchema = z.object({ tickets: z.array(TicketChangeSchema) });
export type TicketsChanged = z.infer<typeof TicketsChangedSchema>;

/** A ticket as the back office's tickets table lists it. */
export const StaffTicketSchema = z.strictObject({
  id: z.number().int(),
  seat_number: SeatCodeSchema,
  price: z.number().int(),
  purchase_date: z.string(),
  status: z.enum(TICKET_STATUSES),
  used_at: z.string().nullable(),
  film: z.strictObject({ id: z.number().int(), title: z.string() }),
  session: z.strictObject({ id: z.number().int(), start_time: z.string(), hall: z.string() }),
  user: z.strictObject({ id: z.number().int(), fio: z.string(), email: z.string() }),
});
export type StaffTicket = z.infer<typeof StaffTicketSchema>;

/** GET /api/tickets: newest first; one session, one session day, and `q` searches the holder's name or e-mail. */
export const StaffTicketQuerySchema = StaffPageQuerySchema.extend({
  schedule_id: IdSchema.optional(),
  date: DateSchema.optional(),
});

export const ticketEndpoints = {
  'POST /tickets/store': {
    summary: 'Купить удерживаемые места сеанса',
    access: SIGNED_IN,
    body: TicketStoreBodySchema,
    response: TicketStoreResponseSchema,
    status: 201,
  },
  'GET /tickets': {
    summary: 'Проданные билеты для панели: сеанс, дата сеанса, поиск по зрителю',
    access: requires('tickets', 'list'),
    query: StaffTicketQuerySchema,
    response: pageSchema(StaffTicketSchema),
  },
  'GET /buying-ticket': {
    summary: 'Купленные билеты зрителя (и возвращённые), с кодом для входа',
    access: SIGNED_IN,
    response: OwnTicketListSchema,
  },
  'GET /profile/watch': {
    summary: 'Мои просмотры: действующие билеты зрителя в порядке сеансов',
    access: SIGNED_IN,
    response: OwnTicketListSchema,
  },
  /**
   * The owner's ticket, or any ticket for staff who may read tickets (checked in the service: the
   * guard knows one access entry per endpoint); anyone else 404, as if there were no such ticket.
   */
  'GET /tickets/:id/pdf': {
    summary: 'Билет в PDF (ticket_{id}.pdf): владельцу и сотрудникам с доступом к билетам',
    access: SIGNED_IN,
    params: IdParamsSchema,
    response: z.never(),
    produces: 'application/pdf',
  },
  /** 404 for someone else's ticket; 409 ticket_refunded, ticket_used, refund_closed (details.cutoff_minutes). */
  'POST /tickets/:id/refund': {
    summary: 'Вернуть свой билет (не позднее чем за 30 минут до сеанса)',
    access: SIGNED_IN,
    params: IdParamsSchema,
    response: OwnTicketSchema,
  },
  /** 400 ticket_code_invalid, 404 unknown ticket, 409 ticket_used (details.used_at), ticket_refunded, door_closed. */
  'POST /tickets/check-in': {
    summary: 'Пропустить по билету: проверить код с QR и отметить билет использованным',
    access: requires('tickets', 'update'),
    body: CheckInBodySchema,
    response: CheckInResultSchema,
  },
} as const satisfies EndpointMap;
