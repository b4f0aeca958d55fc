/**
 * One call to YooKassa API v3 as its documentation asks it to be made (yookassa.ru/developers/using-api:
 * basics, response-handling): Basic auth with the shop id and secret key, JSON, an `Idempotence-Key` on
 * every POST, and the answer read by its HTTP status:
 *   200         → the object;
 *   202         → accepted, not finished: repeat after the body's `retry_after` (milliseconds, as the PHP
 *                 SDK's BaseClient reads it) with the same key and body;
 *   429, 5xx, a timeout, a network error → the outcome is unknown (or nothing was done): repeat with the
 *                 same key and body after a backoff; still so after the last attempt → `unavailable`;
 *   other 4xx   → `refused`: final, a new attempt needs a new key (error body's code and parameter kept).
 * The body is serialised once, so every attempt sends the same bytes. The secret key and the request
 * bodies (buyers' e-mails) are never logged; the idempotence key is, to follow one attempt through logs.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../lib/infra/logger';
import { ProviderError } from '../provider';
import { YkErrorSchema, YkProcessingSchema } from './schemas';

export type TransportLogger = Pick<Logger, 'warn' | 'error'>;

export interface TransportOptions {
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** Limit of one attempt, the answer's body included. */
  timeoutMs: number;
  /** Waits before the 2nd, 3rd, … attempt; its length + 1 is the number of attempts. */
  retryDelaysMs: readonly number[];
  logger?: TransportLogger;
}

export interface Call {
  method: 'GET' | 'POST';
  /** Below the API's base, e.g. `/payments/<id>`. */
  path: string;
  body?: unknown;
  /** Required for POST. */
  idempotenceKey?: string;
}

/** A 202's wait is the provider's to choose, within reason: a bad value must not stall a request for hours. */
const MAX_PROCESSING_WAIT_MS = 30_000;

type Attempt =
  | { kind: 'ok'; json: unknown }
  | { kind: 'refused'; status: number; code?: string; parameter?: string; description?: string }
  | { kind: 'retry'; why: string; status?: number; waitMs?: number }
  | { kind: 'unreadable'; status: number };

/** Sends calls to one shop's API; see the file's comment for how answers are read. */
export function createTransport(options: TransportOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function attempt(call: Call, payload: string | undefined): Promise<Attempt> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (call.idempotenceKey !== undefined) headers['idempotence-key'] = call.idempotenceKey;
    let status: number;
    let text: string;
    try {
      const res = await fetch(base + call.path, {
        method: call.method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return { kind: 'retry', why: timedOut ? `no answer within ${options.timeoutMs} ms` : describeNetworkError(err) };
    }
    const json = parseJson(text);
    if (status === 200) return json === undefined ? { kind: 'unreadable', status } : { kind: 'ok', json };
    if (status === 202) {
      const processing = YkProcessingSchema.safeParse(json);
      const waitMs = processing.success ? processing.data.retry_after : undefined;
      return {
        kind: 'retry',
        why: 'HTTP 202 (processing)',
        status,
        waitMs: waitMs && Math.min(waitMs, MAX_PROCESSING_WAIT_MS),
      };
    }
    if (status === 429 || status >= 500) return { kind: 'retry', why: `HTTP ${status}`, status };
    if (status >= 400) {
      const error = YkErrorSchema.safeParse(json);
      return { kind: 'refused', status, ...(error.success ? error.data : {}) };
    }
    return { kind: 'unreadable', status };
  }

  /** The parsed JSON of a 200 answer, or a ProviderError once the outcome is final or the retries are spent. */
  async function send(call: Call): Promise<unknown> {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const what = `YooKassa ${call.method} ${call.path}`;
    const log = { method: call.method, path: call.path, idempotenceKey: call.idempotenceKey };
    for (let number = 1; ; number++) {
      const outcome = await attempt(call, payload);
      switch (outcome.kind) {
        case 'ok':
          return outcome.json;
        case 'refused': {
          const { status, code, parameter, description } = outcome;
          // A refused key or shop id is the operator's to fix, not the buyer's: say so loudly.
          if (status === 401 || status === 403)
            options.logger?.error(
              { ...log, status, code },
              `${what}: credentials refused (check YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY)`,
            );
          const detail = [code, parameter && `(${parameter})`, description && `: ${description}`]
            .filter(Boolean)
            .join(' ');
          throw new ProviderError('refused', `${what} refused: HTTP ${status} ${detail}`.trim(), {
            status,
            ...(code !== undefined && { code }),
            ...(parameter !== undefined && { parameter }),
          });
        }
        case 'unreadable':
          options.logger?.warn(
            { ...log, status: outcome.status },
            `${what}: an answer that is not the documented JSON`,
          );
          throw new ProviderError('unavailable', `${what}: unreadable answer (HTTP ${outcome.status})`, {
            status: outcome.status,
          });
        case 'retry': {
          if (number > options.retryDelaysMs.length) {
            options.logger?.warn({ ...log, attempts: number, why: outcome.why }, `${what}: gave up`);
            throw new ProviderError('unavailable', `${what}: ${outcome.why} after ${number} attempts`, {
              ...(outcome.status !== undefined && { status: outcome.status }),
            });
          }
          const waitMs = outcome.waitMs ?? options.retryDelaysMs[number - 1]!;
          options.logger?.warn(
            { ...log, attempt: number, why: outcome.why, waitMs },
            `${what}: repeating with the same key`,
          );
          await sleep(waitMs);
        }
      }
    }
  }

  return { send };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** "connect ECONNREFUSED 127.0.0.1:1" rather than fetch's bare "fetch failed". */
function describeNetworkError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${err.message}: ${cause}` : err.message;
}
