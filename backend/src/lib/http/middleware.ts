/** Express plumbing shared by every route: request ids, the JSON error shape, the API 404. */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { isDatabaseUnavailable } from '../infra/database-errors';
import { AppError, notFound, unavailable } from './errors';
import type { Logger } from '../infra/logger';
import { withRequestId } from '../infra/request-id';

const REQUEST_ID_RE = /^[\w.-]{1,64}$/;

/**
 * Structured request logs; each request carries an id (x-request-id in and out), which the rest of
 * the request runs under (lib/infra/request-id.ts: jobs it enqueues carry it).
 */
export function requestLogger(logger: Logger): RequestHandler[] {
  const log = pinoHttp({
    logger,
    // Probes every few seconds would bury the requests that matter.
    autoLogging: { ignore: (req) => /^\/(api\/)?health\/(live|ready)\b/.test((req as Request).originalUrl ?? req.url) },
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return [log, (req, _res, next) => withRequestId(String(req.id), next)];
}

export const apiNotFound: RequestHandler = () => {
  throw notFound('Такого адреса API нет');
};

/** Body-parser and multer errors carry a `type`/`code` and a status; map them to our codes. */
function fromLibraryError(err: { type?: string; status?: number; code?: string }): AppError | undefined {
  if (err.type === 'entity.parse.failed') return new AppError('invalid_json', 'Тело запроса — некорректный JSON');
  if (err.type === 'entity.too.large' || err.code === 'LIMIT_FILE_SIZE') {
    return new AppError('payload_too_large', 'Слишком большой запрос или файл');
  }
  if (isDatabaseUnavailable(err)) return unavailable('База данных перегружена или недоступна. Попробуйте через минуту');
  if (err.status === 404) return notFound();
  if (err.status && err.status >= 400 && err.status < 500) return new AppError('invalid_input', 'Некорректный запрос');
  return undefined;
}

/** The last middleware: every failure leaves as `{"error": {code, message, details?}}`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req: Request, res, next) => {
    if (res.headersSent) return next(err);
    const known = err instanceof AppError ? err : fromLibraryError(err ?? {});
    if (known) {
      if (known.code === 'rate_limited') {
        res.setHeader('Retry-After', String((known.details as { retryAfter: number }).retryAfter));
      }
      res.status(known.status).json(known.toBody());
      return;
    }
    (req.log ?? logger).error({ err }, 'unhandled error');
    const internal = new AppError('internal', 'Внутренняя ошибка сервера. Попробуйте позже', { requestId: req.id });
    res.status(internal.status).json(internal.toBody());
  };
}
