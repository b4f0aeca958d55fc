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
