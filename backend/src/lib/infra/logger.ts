import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../../config';
import { redactUrlsIn } from './operator-messages';

export type { Logger };

/** Errors as structured fields, with any credentials in a quoted URL hidden. */
const errSerializer = (err: Error) => {
  const out = stdSerializers.err(err);
  out.message = redactUrlsIn(out.message);
  if (out.stack) out.stack = redactUrlsIn(out.stack);
  return out;
};

/** A process's logger, writing JSON lines to stdout (or to `destination`: tests read what was logged). */
export function createLogger(config: Pick<Config, 'logLevel'>, name?: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      ...(name ? { name } : {}),
      serializers: { err: errSerializer },
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.appSecret'],
    },
    destination,
  );
}
