import { MAX_SEATS_PER_PURCHASE, MAX_TICKET_PRICE, REFUND_STATUSES, TICKET_STATUSES } from './constants';
import { DateSchema, IdNumberSchema, IdParamsSchema, IdSchema, pageSchema, StaffPageQuerySchema } from './common';
import { requires, SIGNED_IN, type EndpointMap } from './endpoint';
import { QuoteBodySchema } from './prices';
import { PushkinVisitorSchema } from './pushkin';
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
 * POST /api/tickets/store (docs/product.md §7): makes an order of the viewer's held seats, waiting for
 * its payment (contract/orders.ts). `price` is SPEC's: the session's standard adult price as the
 * viewer was shown it (409 price_changed when it changed). Each line's price comes from the session's
 * price card, the seat's zone, the line's ticket type and the promo code (contract/quote.ts); a total
 * the buyer was not shown is refused with 409 and the new quote.
 */
export const TicketStoreBodySchema = z
  .strictObject({
    price: z.number().int().positive().max(MAX_TICKET_PRICE, `Не больше ${MAX_TICKET_PRICE} ₽`),
    schedule_id: IdNumberSchema,
    seat_number: z
      .array(SeatCodeSchema)
      .min(1, 'Выберите хотя бы одно место')
      .max(MAX_SEATS_PER_PURCHASE, `Максимальное количество билетов ${MAX_SEATS_PER_PURCHASE}`)
      .refine((seats) => new Set(seats).size === seats.length, 'Места не должны повторяться'),
    /** The session's start time, as the client showed it. */
    purchase_date: CinemaTimeSchema,
    /** A ticket type per seat (the same seats as seat_number); without it every seat is an adult ticket. */
    lines: QuoteBodySchema.shape.lines.optional(),
    promo_code: QuoteBodySchema.shape.promo_code,
    /**
     * The total the buyer was shown (roubles). The server quotes again in the order's transaction and
     * answers 409 with the new quote when it differs; without it, `price` × seats is what was shown.
     */
    total: z
      .number()
      .nonnegative()
      .max(MAX_TICKET_PRICE * MAX_SEATS_PER_PURCHASE)
      .optional(),
    /**
     * 'pushkin': paid with the Pushkin card through the cinema's second YooKassa shop — one seat, the holder's
     * `visitor` required, the card accepted (409 pushkin_unavailable) and a film in the programme (409
     * pushkin_not_eligible). Default: the card (YooKassa's first shop).
     */
    payment_method: z.enum(['card', 'pushkin'], { error: 'Способ оплаты: card или pushkin' }).optional(),
    /** The Pushkin card's holder (their ticket is personal). */
    visitor: PushkinVisitorSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.payment_method === 'pushkin') {
      if (body.seat_number.length !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['seat_number'],
          message: 'По Пушкинской карте — один билет на владельца карты',
        });
      if (!body.visitor)
        ctx.addIssue({
          code: 'custom',
          path: ['visitor'],
          message: 'Укажите ФИО и телефон владельца Пушкинской карты',
        });
    } else if (body.visitor) {
      ctx.addIssue({
        code: 'custom',
        path: ['visitor'],
        message: 'Владелец карты — только для оплаты Пушкинской картой',
      });
    }
    if (!body.lines) return;
    const seats = new Set(body.seat_number);
    if (body.lines.length !== seats.size || body.lines.some((l) => !seats.has(l.seat_number)))
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Типы билетов указаны не для тех мест' });
  });
export type TicketStoreBody = z.infer<typeof TicketStoreBodySchema>;

/** A ticket's watching state (docs/product.md §4): 0 not yet shown, 1 showing now, 2 finished. */
export const WatchingStateSchema = z.number().int();

/**
 * A ticket as SPEC's entity describes it (times in cinema wall-clock 'YYYY-MM-DD HH:mm:ss', price in
 * roubles), with its lifecycle: `status` (TICKET_STATUSES: 'paid' is live; 'refunded' gave the seat
 * back) and `used_at`, when it was admitted at the door (null until then).
 */
export const TicketZoneSchema = z.object({ code: z.string(), name: z.string() });
/** The ticket type sold; `check_document`: the door asks for the document of a reduced price. */
export const TicketTypeRefSchema = z.object({ code: z.string(), name: z.string(), check_document: z.boolean() });

export const TicketSchema = z.object({
  id: z.number().int().positive(),
  seat_number: SeatCodeSchema,
  price: z.number().positive(),
  zone: TicketZoneSchema,
  ticket_type: TicketTypeRefSchema,
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
  /** The order it was bought in (its page: /orders/{id}). */
  order_id: z.number().int().positive(),
  /** A refund asked for it: under way ('creating', 'pending'), done, or refused by the provider. */
  refund_status: z.enum(REFUND_STATUSES).nullable(),
  qr: z.string(),
  /** Cinema time until which the owner may refund it (REFUND_CUTOFF_MINUTES before the start). */
  refundable_until: z.string(),
  /** REFUND_CUTOFF_MINUTES: how long before the start the owner's refund window closes (the rule's words). */
  refund_cutoff_minutes: z.number().int().nonnegative(),
  /** May the owner refund it now (modules/tickets/lifecycle.ts refundRefusal), and if not, why in Russian. */
  refundable: z.boolean(),
  refund_refusal: z.string().nullable(),
});
export type OwnTicket = z.infer<typeof OwnTicketSchema>;
export const OwnTicketListSchema = z.array(OwnTicketSchema);

/** POST /api/tickets/check-in: the code read from the ticket's QR, or typed by the cashier. */
export const CheckInBodySchema = z.strictObject({
  code: z.string().trim().min(1, 'Введите код билета').max(200, 'Это не код билета'),
  /** A Pushkin card ticket: the controller checked the holder's ID (without it: 409 pushkin_id_required). */
  holder_id_checked: z.boolean().optional(),
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
  zone: TicketZoneSchema,
  ticket_type: TicketTypeRefSchema,
  used_at: z.string(),
});
export type CheckInResult = z.infer<typeof CheckInResultSchema>;

/** What the user room hears when tickets change (refund, admission, watching state). */
export const TicketChangeSchema = TicketSchema.pick({ id: true, status: true, is_watching: true, used_at: true });
export const TicketsChangedSchema = z.object({ tickets: z.array(TicketChangeSchema) });
export type TicketsChanged = z.infer<typeof TicketsChangedSchema>;

/** A ticket as the back office's tickets table lists it (`order_id`: its row links to the order). */
export const StaffTicketSchema = z.strictObject({
  id: z.number().int(),
  order_id: z.number().int(),
  seat_number: SeatCodeSchema,
  price: z.number(),
  zone: TicketZoneSchema,
  ticket_type: TicketTypeRefSchema,
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
  /**
   * The money goes back through the payment provider; the ticket is refunded when it confirms (at
   * once, usually: else `refund_status` says it is under way). 404 for someone else's ticket; 409
   * ticket_refunded, ticket_used, refund_pending, refund_closed (details.cutoff_minutes), refund_refused.
   */
  'POST /tickets/:id/refund': {
    summary: 'Вернуть свой билет (до срока возврата перед сеансом)',
    access: SIGNED_IN,
    params: IdParamsSchema,
    response: OwnTicketSchema,
  },
  /**
   * 400 ticket_code_invalid, 404 unknown ticket, 409 ticket_used (details.used_at), ticket_refunded, door_closed;
   * 409 pushkin_id_required (details.visitor_name) for a Pushkin card ticket until `holder_id_checked`.
   */
  'POST /tickets/check-in': {
    summary: 'Пропустить по билету: проверить код с QR и отметить билет использованным',
    access: requires('tickets', 'update'),
    body: CheckInBodySchema,
    response: CheckInResultSchema,
  },
} as const satisfies EndpointMap;
