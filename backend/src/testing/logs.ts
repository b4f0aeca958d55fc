/**
 * What a context logged, kept for the test to read: pass `logs.logger` to the context
 * (`useTestApi({ logger: logs.logger })`) and assert on `logs.records`.
 */
import type { Config } from '../config';
import { createLogger, type Logger } from '../lib/infra/logger';

export interface LogRecord {
  /** pino's number: 30 info, 40 warn, 50 error, 60 fatal. */
  level: number;
  msg?: string;
  [field: string]: unknown;
}

const ERROR = 50;

export interface CapturedLogs {
  logger: Logger;
  records: LogRecord[];
  /** What was logged at error level or above, as one line each (for a readable failure). */
  errors(): string[];
}

export function captureLogs(level: Config['logLevel'] = 'info'): CapturedLogs {
  const records: LogRecord[] = [];
  const logger = createLogger({ logLevel: level }, undefined, {
    write: (line: string) => records.push(JSON.parse(line) as LogRecord),
  });
  return {
    logger,
    records,
    errors: () => records.filter((r) => r.level >= ERROR).map((r) => JSON.stringify(r).slice(0, 500)),
  };
}
