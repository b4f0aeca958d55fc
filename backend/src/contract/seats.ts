/**
 * Live seat selection over Socket.IO (docs/architecture.md, "Seat selection protocol"): the event map shared
 * by the API, the workers' emitter and the web client. A socket joins a session's room and gets a
 * snapshot; every change after that arrives as a delta with the next version number, so a client
 * that sees a gap asks for the snapshot again.
 */
import { CinemaTimeSchema, IdNumberSchema, IdSchema } from './common';
import { HALL_PLACES, HALL_ROWS, MAX_SEATS_PER_PURCHASE, SEAT_CODE_RE } from './constants';
import { PUBLIC, type EndpointMap } from './endpoint';
import { SessionAccessSchema } from './schedules';
import { z } from './zod';

/** A seat the hall does not have (a code beyond any plan, or beyond this hall's): the field's message. */
export const SEAT_NOT_IN_HALL = 'Такого места в зале нет';

/**
 * 'r{row}m{place}', rows and places from 1, within the largest plan (MAX_PLAN_ROWS × MAX_PLAN_PLACES);
 * which seats a hall has is its plan.
 */
export const SeatCodeSchema = z.string().regex(SEAT_CODE_RE, SEAT_NOT_IN_HALL);
export type SeatCode = z.infer<typeof SeatCodeSchema>;

export const seatCode = (row: number, place: number): SeatCode => `r${row}m${place}`;

/** Row and place of a valid seat code ('r10m11' → { row: 10, place: 11 }). */
export function parseSeatCode(code: SeatCode): { row: number; place: number } {
  const [, row, place] = /^r(\d+)m(\d+)$/.exec(code) ?? [];
  return { row: Number(row), place: Number(place) };
}

/** 'r3m5' → 'Ряд 3, место 5': how a seat is named to viewers and screen readers. */
export function seatLabel(code: SeatCode): string {
  const { row, place } = parseSeatCode(code);
  return `Ряд ${row}, место ${place}`;
}

/** Every seat of a hall, row by row. */
export const HALL_SEATS: readonly SeatCode[] = Array.from({ length: HALL_ROWS }, (_, r) =>
  Array.from({ length: HALL_PLACES }, (_, p) => seatCode(r + 1, p + 1)),
).flat();

/**
 * Client payloads are strict and bounded like request bodies: a session id is a positive PostgreSQL
 * integer, and an unknown field is refused.
 */
export const SessionRefSchema = z.strictObject({ sessionId: IdNumberSchema });
export type SessionRef = z.infer<typeof SessionRefSchema>;

export const SeatRefSchema = SessionRefSchema.extend({ seat: SeatCodeSchema });
export type SeatRef = z.infer<typeof SeatRefSchema>;

/** 'Лучшие места': this many adjacent seats nearest the hall's best point, held at once. */
export const BestSeatsRefSchema = SessionRefSchema.extend({
  count: z.number().int().min(1).max(MAX_SEATS_PER_PURCHASE),
});
export type BestSeatsRef = z.infer<typeof BestSeatsRefSchema>;

/**
 * Why a seat request was refused: the seat is sold or held by someone else (taken), the viewer
 * already holds the maximum (limit), the session has started (past), the socket has no signed-in
 * viewer (auth), the request is malformed or names no such session (invalid), the socket asks
 * for holds faster than MAX_HOLDS_PER_SECOND (rate), or the server could not answer
 * (unavailable: try again); the seat would leave a single free seat between taken ones while another
 * choice exists (orphan, seats.io's rule: for a hold, a release and a purchase alike); 'Лучшие места'
 * found no such group (none); a wheelchair space the hall holds back from general sale until
 * shortly before the session (held_back); the holds were extended already, once per hold (extended);
 * there are no holds to extend (expired).
 */
export const SEAT_REFUSALS = [
  'taken',
  'limit',
  'past',
  'auth',
  'invalid',
  'rate',
  'unavailable',
  'orphan',
  'none',
  'held_back',
  'extended',
  'expired',
] as const;
export type SeatRefusal = (typeof SEAT_REFUSALS)[number];

/** What a viewer is told when a request is refused. */
export const SEAT_REFUSAL_MESSAGES: Record<SeatRefusal, string> = {
  taken: 'Это место уже занято',
  limit: `Максимальное количество билетов ${MAX_SEATS_PER_PURCHASE}`,
  past: 'Сеанс уже начался',
  auth: 'Войдите, чтобы выбрать места',
  invalid: 'Такого места или сеанса нет',
  rate: 'Слишком много запросов. Подождите секунду и попробуйте снова',
  unavailable: 'Сервис временно недоступен. Попробуйте ещё раз',
  orphan: 'Так между занятыми останется одно свободное место. Выберите место рядом',
  none: 'Столько мест рядом не нашлось. Выберите места на схеме',
  held_back:
    'Места для зрителей на коляске поступают в продажу ближе к сеансу. Сейчас их можно купить в кассе кинотеатра',
  extended: 'Бронь уже продлевали: продлить её можно один раз',
  expired: 'Бронь мест закончилась. Выберите места заново',
};

/** A viewer holding seats is warned this long before their holds end, and may extend them once (WCAG 2.2.1). */
export const HOLD_WARNING_SECONDS = 120;

/**
 * A seat as one viewer sees it: sold, held by someone else, held by this viewer (mine), or free.
 * Broadcasts say 'held'; the holder's own sockets hear 'mine' instead.
 */
export type SeatState = 'free' | 'held' | 'mine' | 'sold';

export interface SeatChange {
  seat: SeatCode;
  state: SeatState;
}

/** The state of a session's hall when a socket joins it (or asks again after a gap). */
export interface SeatSnapshot {
  sessionId: number;
  version: number;
  sold: SeatCode[];
  /** Held by other viewers: shown as occupied. */
  held: SeatCode[];
  mine: SeatCode[];
  /** When my holds expire (epoch ms, server clock), or null without holds. */
  deadline: number | null;
  /** I have extended my holds already (`seats:extend`, once per hold). */
  extended: boolean;
  /** The server clock (epoch ms) when the snapshot was taken, to correct the client's clock. */
  now: number;
}

/** One change of a hall, numbered: version = the previous version + 1. */
export interface SeatDelta {
  sessionId: number;
  version: number;
  changes: SeatChange[];
  /** Sent to the holder's own sockets only: the deadline of their holds after this change. */
  deadline?: number | null;
}

export type SeatAck<T extends object = object> = ({ ok: true } & T) | { ok: false; reason: SeatRefusal };
export type HoldAck = SeatAck<{ version: number; deadline: number | null; now: number }>;
export type BestAck = SeatAck<{ seats: SeatCode[]; version: number; deadline: number | null; now: number }>;

/** Events the client sends; every one is acknowledged. */
export interface SeatClientEvents {
  /** Watch a session's hall (leaving any other): answered with the snapshot. */
  'seats:join': (ref: SessionRef, ack: (result: SeatAck<{ snapshot: SeatSnapshot }>) => void) => void;
  'seats:leave': (ref: SessionRef, ack: (result: SeatAck) => void) => void;
  'seats:hold': (ref: SeatRef, ack: (result: HoldAck) => void) => void;
  'seats:release': (ref: SeatRef, ack: (result: HoldAck) => void) => void;
  'seats:release-all': (ref: SessionRef, ack: (result: HoldAck) => void) => void;
  /** Hold the best `count` adjacent seats (the viewer's other holds stay). */
  'seats:best': (ref: BestSeatsRef, ack: (result: BestAck) => void) => void;
  /**
   * Extend my holds in the session by HOLD_EXTEND_SECONDS, once per hold: answered with the new
   * deadline, which my other sockets hear as a delta without seat changes.
   */
  'seats:extend': (ref: SessionRef, ack: (result: HoldAck) => void) => void;
}

/**
 * The payload of every client event, as the server validates it before anything else: one object,
 * refused as 'invalid' when it does not parse. The fuzz suite breaks each of them
 * (testing/socket-fuzz.ts).
 */
export const SEAT_CLIENT_EVENT_SCHEMAS = {
  'seats:join': SessionRefSchema,
  'seats:leave': SessionRefSchema,
  'seats:hold': SeatRefSchema,
  'seats:release': SeatRefSchema,
  'seats:release-all': SessionRefSchema,
  'seats:best': BestSeatsRefSchema,
  'seats:extend': SessionRefSchema,
} as const satisfies { [E in keyof SeatClientEvents]: z.ZodType<Parameters<SeatClientEvents[E]>[0]> };
export type SeatClientEvent = keyof SeatClientEvents;

/** Events the server (any API process, or a worker through the Redis emitter) sends. */
export interface SeatServerEvents {
  /** The changes of one moment, in version order: one frame carries what happened together. */
  'seats:deltas': (deltas: SeatDelta[]) => void;
  /** The session was cancelled: its map sells nothing more and says why (GET /seats/{id} answers 409). */
  'seats:closed': () => void;
}

/** GET /api/seats/{sessionId}: what the seat popover and the checkout page show about a session. */
export const SeatSessionViewSchema = z.strictObject({
  id: z.number().int(),
  /** Cinema wall-clock 'YYYY-MM-DD HH:mm:ss'. */
  start_time: CinemaTimeSchema,
  price: z.number().int(),
  hall: z.strictObject({ id: z.number().int(), name: z.string() }),
  movie: z.strictObject({
    id: z.number().int(),
    title: z.string(),
    age: z.number().int(),
    type_graphic: z.string(),
    poster: z.string().nullable(),
  }),
  /**
   * The session's prices, roubles: zone → ticket type → price (the adult cell is the zone's price;
   * a type without its own cell follows its rule). What quote() needs, with the ticket types.
   */
  prices: z.record(z.string(), z.record(z.string(), z.number())),
  /** The cinema date of the session, 'YYYY-MM-DD', and the film's 'без скидок до' date. */
  session_date: z.string(),
  no_discount_until: z.string().nullable(),
  /**
   * Cinema wall-clock time from which the hall's wheelchair spaces are on general sale (before it
   * only the till sells them); null when the hall does not hold them back.
   */
  wheelchair_sale_from: CinemaTimeSchema.nullable(),
  /**
   * The film is in the Pushkin card programme and the cinema accepts the card: checkout offers «Оплатить Пушкинской
   * картой» (one seat), the till its Pushkin method.
   */
  pushkin: z.boolean(),
  ...SessionAccessSchema.shape,
});
export type SeatSessionView = z.infer<typeof SeatSessionViewSchema>;

export const seatEndpoints = {
  'GET /seats/:sessionId': {
    summary: 'Сеанс для схемы зала: фильм, зал, время, цена',
    access: PUBLIC,
    params: z.strictObject({ sessionId: IdSchema }),
    response: SeatSessionViewSchema,
  },
} as const satisfies EndpointMap;
