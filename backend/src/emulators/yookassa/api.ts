/**
 * YooKassa API v3 over HTTP, as far as a ticket shop uses it:
 *   POST /v3/payments, GET /v3/payments/{id}, POST /v3/payments/{id}/capture, POST /v3/payments/{id}/cancel,
 *   POST /v3/refunds, GET /v3/refunds/{id}.
 * Every request needs Basic auth with the shop id and secret key (401 invalid_credentials). Every POST needs
 * an `Idempotence-Key` (400 "Idempotence key is empty"; at most 64 characters, the length usually cited):
 * the same key with the same request answers the first answer again, even after the object changed; with
 * another request, 400 naming Idempotence-Key. Answers that did nothing (5xx) are not kept, so a retry does
 * the work. Failures can be injected (`fail`): the next matching requests answer a status without doing
 * anything, or do the work and then answer it (the provider's "500, but it happened"), or never answer.
 */
import type http from 'node:http';
import type { Logger } from '../../lib/infra/logger';
import { ApiError, invalidRequest, sendJson } from './http';
import type { Store } from './store';
import { parseCaptureRequest, parsePaymentRequest, parseRefundRequest } from './validate';

export interface FailureSpec {
  /** 500 or 503 (unknown outcome), 429 (too many requests) or 202 (processing, with retry_after). */
  status?: 500 | 503 | 429 | 202;
  /** Instead of a status: accept the request and never answer (the client's timeout). */
  hang?: boolean;
  /** Only requests with this method… */
  method?: 'GET' | 'POST';
  /** …and a path starting with this (e.g. '/v3/payments'). */
  path?: string;
  /** Do the work first, then answer the failure: the outcome is real but the caller does not learn it. */
  after?: boolean;
  /** The 202's retry_after in milliseconds (default 1800, the PHP SDK's default wait). */
  retryAfterMs?: number;
}

export interface RequestRecord {
  method: string;
  path: string;
  idempotenceKey: string | null;
  /** The parsed JSON body (the raw text when it was not JSON); null without one. */
  body: unknown;
  /** The status answered; null while unanswered or when it was never answered (hang). */
  status: number | null;
}

interface KeptAnswer {
  request: string;
  status: number;
  body: unknown;
}

const ID = '([A-Za-z0-9_-]{1,64})';
const MAX_KEY_LENGTH = 64;

/** Key order does not make two requests different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function failureAnswer(rule: FailureSpec): { status: number; body: unknown; html?: string } {
  switch (rule.status) {
    case 202:
      return {
        status: 202,
        body: { type: 'processing', description: 'Request accepted', retry_after: rule.retryAfterMs ?? 1800 },
      };
    case 429:
      return { status: 429, body: new ApiError(429, 'too_many_requests', 'Too many requests').body };
    case 503:
      // What a front proxy answers while the service is down: not the API's JSON.
      return {
        status: 503,
        body: null,
        html: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
      };
    default:
      return { status: 500, body: new ApiError(500, 'internal_server_error', 'Internal server error').body };
  }
}

export interface ApiOptions {
  shopId: string;
  secretKey: string;
  store: Store;
  logger?: Pick<Logger, 'debug' | 'error'>;
}

/** See the file's comment. */
export function createApi({ shopId, secretKey, store, logger }: ApiOptions) {
  const failures: (FailureSpec & { remaining: number })[] = [];
  const requests: RequestRecord[] = [];
  const kept = new Map<string, KeptAnswer>();
  const authorization = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;

  const routes: { method: 'GET' | 'POST'; pattern: RegExp; run: (id: string, body: unknown) => unknown }[] = [
    { method: 'POST', pattern: /^\/v3\/payments$/, run: (_, body) => store.createPayment(parsePaymentRequest(body)) },
    { method: 'GET', pattern: new RegExp(`^/v3/payments/${ID}$`), run: (id) => store.paymentObject(id) },
    {
      method: 'POST',
      pattern: new RegExp(`^/v3/payments/${ID}/capture$`),
      run: (id, body) => store.capture(id, parseCaptureRequest(body).amountKopecks),
    },
    { method: 'POST', pattern: new RegExp(`^/v3/payments/${ID}/cancel$`), run: (id) => store.cancel(id) },
    { method: 'POST', pattern: /^\/v3\/refunds$/, run: (_, body) => store.createRefund(parseRefundRequest(body)) },
    { method: 'GET', pattern: new RegExp(`^/v3/refunds/${ID}$`), run: (id) => store.refundObject(id) },
  ];

  function takeFailure(method: string, path: string) {
    const rule = failures.find(
      (f) => f.remaining > 0 && (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)),
    );
    if (rule) rule.remaining--;
    return rule;
  }

  /** Everything between the request and its answer, failures aside. */
  function process(req: http.IncomingMessage, path: string, raw: string | null, body: unknown) {
    if (req.headers.authorization !== authorization) {
      throw new ApiError(401, 'invalid_credentials', 'Error in shopId or secret key. Check their validity.');
    }
    const route = routes.find((r) => r.pattern.test(path));
    if (!route) throw new ApiError(404, 'not_found', `${path} is not a method of the API`);
    if (route.method !== req.method) throw new ApiError(405, 'invalid_request', `Use ${route.method} for ${path}`);
    const id = route.pattern.exec(path)![1] ?? '';
    if (route.method === 'GET') return { status: 200, body: route.run(id, undefined) };

    const key = req.headers['idempotence-key'];
    if (typeof key !== 'string' || key === '') throw invalidRequest('Idempotence key is empty', 'Idempotence-Key');
    if (key.length > MAX_KEY_LENGTH) {
      throw invalidRequest(`Idempotence key is longer than ${MAX_KEY_LENGTH} characters`, 'Idempotence-Key');
    }
    if (raw === null) throw new ApiError(413, 'invalid_request', 'Request body is too large');
    if (raw !== '' && !/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
      throw new ApiError(415, 'invalid_request', 'Content-Type must be application/json');
    }
    if (body === undefined) throw invalidRequest('Request body is not valid JSON');

    const request = `${req.method} ${path} ${canonical(body)}`;
    const previous = kept.get(key);
    if (previous) {
      if (previous.request !== request) {
        throw invalidRequest('Idempotence key was already used with another request', 'Idempotence-Key');
      }
      return previous;
    }
    let answer: KeptAnswer;
    try {
      answer = { request, status: 200, body: route.run(id, body) };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      answer = { request, status: err.status, body: err.body };
    }
    kept.set(key, answer);
    return answer;
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string | null) {
    const method = req.method ?? 'GET';
    const key = req.headers['idempotence-key'];
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        body = undefined;
      }
    } else if (method === 'POST') body = {};
    const record: RequestRecord = {
      method,
      path,
      idempotenceKey: typeof key === 'string' ? key : null,
      body: body === undefined ? raw : body,
      status: null,
    };
    requests.push(record);
    const answer = ({ status, body: out, html }: { status: number; body: unknown; html?: string }) => {
      record.status = status;
      logger?.debug({ method, path, status }, 'YooKassa emulator: API request');
      if (html !== undefined) res.writeHead(status, { 'content-type': 'text/html' }).end(html);
      else sendJson(res, status, out);
    };

    const failure = takeFailure(method, path);
    if (failure && !failure.after) return failure.hang ? undefined : answer(failureAnswer(failure));
    let outcome: { status: number; body: unknown };
    try {
      outcome = process(req, path, raw, body);
    } catch (err) {
      if (err instanceof ApiError) outcome = { status: err.status, body: err.body };
      else {
        logger?.error({ err, method, path }, 'YooKassa emulator: request failed');
        outcome = { status: 500, body: new ApiError(500, 'internal_server_error', 'Internal server error').body };
      }
    }
    if (failure) return failure.hang ? undefined : answer(failureAnswer(failure));
    answer(outcome);
  }

  return {
    handle,
    requests: requests as readonly RequestRecord[],
    fail(count: number, spec: FailureSpec) {
      failures.push({ ...spec, remaining: count });
    },
  };
}
