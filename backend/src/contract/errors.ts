import { z } from './zod';

/**
 * Stable error codes the client can switch on. Every API error answers
 * `{"error": {"code", "message", "details"?}}` with a Russian message.
 */
export const ERROR_CODES = {
  /** 400: the request did not match its schema; details.fields maps field paths to messages. */
  invalid_input: 400,
  /** 400: the body is not valid JSON. */
  invalid_json: 400,
  /** 401: no valid bearer token (missing, expired or revoked). */
  unauthenticated: 401,
  /** 401: wrong email or password. */
  invalid_credentials: 401,
  /** 403: signed in, but the role may not do this. */
  forbidden: 403,
  /** 404: the resource or route does not exist. */
  not_found: 404,
  /** 409: the data changed or conflicts (e.g. the email is taken). */
  conflict: 409,
  /** 409: the seat is sold or held by another viewer. */
  seat_taken: 409,
  /** 409: the viewer's seat hold ran out. */
  hold_expired: 409,
  /** 409: the session has already started. */
  session_started: 409,
  /** 409: the session would share its hall with another at the same time; details.session is that one. */
  session_overlap: 409,
  /** 409: the session has tickets sold, being paid or seats held: only its price card may change. */
  session_has_sales: 409,
  /** 409: the session was cancelled: nothing is sold for it and it cannot be changed. */
  session_cancelled: 409,
  /** 409: the price the client showed is not the session's current price; details.price is current. */
  price_changed: 409,
  /** 413: the upload or body is too large. */
  payload_too_large: 413,
  /** 415: the upload is not of an accepted type. */
  unsupported_media_type: 415,
  /** 429: too many attempts; details.retryAfter in seconds. */
  rate_limited: 429,
  /** 500: a fault on our side; the request id is in details. */
  internal: 500,
  /** 503: a dependency (database, Redis, a provider) is down or not configured. */
  unavailable: 503,
  /** 400: a check-in code that is malformed or not signed by us. */
  ticket_code_invalid: 400,
  /** 409: the ticket was already admitted at the door; details.used_at is when. */
  ticket_used: 409,
  /** 409: the ticket was refunded (a second refund, or a check-in of a refunded ticket). */
  ticket_refunded: 409,
  /** 409: too close to the session's start to refund; details.cutoff_minutes. */
  refund_closed: 409,
  /** 409: the order is paid already: it cannot be cancelled (refund its tickets instead). */
  order_paid: 409,
  /** 409: the order expired or was cancelled: nothing more can be paid or cancelled in it. */
  order_closed: 409,
  /** 409: a refund of this ticket is under way with the payment provider. */
  refund_pending: 409,
  /** 409: the payment provider refused the refund; details.reason says why. */
  refund_refused: 409,
  /** 409: the door is not open for this session (too early, or the session is over); details.opens_at, ends_at. */
  door_closed: 409,
  /** 409: a till sale or a counter refund of cash or card without an open shift of the caller. */
  no_open_shift: 409,
  /** 409: the caller already has an open shift, or the till is open under another cashier; details.shift_id. */
  shift_open: 409,
  /** 409: the shift is closed already. */
  shift_closed: 409,
  /**
   * 409: the cash register refused the document (no paper, cover open, the shift expired…): nothing was
   * sold or refunded; details.code is the register's error code, the message says what to do.
   */
  register_refused: 409,
  /** 503: the cash register did not answer (offline, or no answer in time); details.operation names the task. */
  register_unavailable: 503,
  /** 409: the session's film is not in the Pushkin card programme (it has no Pro.Культура event). */
  pushkin_not_eligible: 409,
  /** 409: the cinema does not accept the Pushkin card (production without PUSHKA_API_URL, README "Configuration"). */
  pushkin_unavailable: 409,
  /** 409: the card holder already has a Pushkin card ticket for this session (one per holder per session). */
  pushkin_holder_has_ticket: 409,
  /** 409: a Pushkin card ticket at the door: check the holder's ID and confirm (details.visitor_name). */
  pushkin_id_required: 409,
  /** 409: a cash refund larger than the cash in the drawer. */
  drawer_short: 409,
  /** 503: film import is off: no Kinopoisk API key is configured (KINOPOISK_API_KEY). */
  import_not_configured: 503,
  /** 404: Kinopoisk has no film with this id. */
  kinopoisk_not_found: 404,
  /** 502: Kinopoisk refused our key (401/403) or its quota is spent (402). */
  kinopoisk_rejected: 502,
  /** 503: Kinopoisk asks us to slow down (429); details.retryAfter in seconds when it says. */
  kinopoisk_rate_limited: 503,
  /** 502: Kinopoisk failed (5xx), did not answer in time, or answered something unreadable. */
  kinopoisk_unavailable: 502,
  /** 422: Kinopoisk's data lacks what a film needs here (e.g. its running time). */
  kinopoisk_incomplete: 422,
  /** 409: a film with this Kinopoisk id is already in the cinema; details.id is that film. */
  film_already_imported: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** details of an invalid_input error: field path (e.g. "body.email") → Russian message. */
export type FieldErrors = Record<string, string>;
