import { pino, type Logger } from 'pino';
import type { Config } from '../config';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, name?: string): Logger {
  return pino({
    level: config.logLevel,
    ...(name ? { name } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}
