import { pino, stdSerializers, type Logger } from 'pino';
import type { Config } from '../config';
import { redactUrlsIn } from './operator-messages';

export type { Logger };

/** Errors as structured fields, with any credentials in a quoted URL hidden. */
const errSerializer = (err: Error) => {
  const out = stdSerializers.err(err);
  out.message = redactUrlsIn(out.message);
  if (out.stack) out.stack = redactUrlsIn(out.stack);
  return out;
};

export function createLogger(config: Pick<Config, 'logLevel'>, name?: string): Logger {
  return pino({
    level: config.logLevel,
    ...(name ? { name } : {}),
    serializers: { err: errSerializer },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.appSecret'],
  });
}
