/**
 * Everything a process shares: configuration, logger, database, Redis, queues. Built once at
 * start-up (or per test file) and passed down; nothing reaches for globals.
 */
import type { Config } from './config';
import { setCinemaTimeZone } from './contract/time';
import type { Database, Db } from './db';
import { systemClock, type Clock } from './lib/infra/clock';
import { createLogger, type Logger } from './lib/infra/logger';
import { closeRedis, connectRedis, RedisKeys, type Redis } from './lib/infra/redis';
import { fiscalDriverFor, type FiscalDriver } from './fiscal';
import { paymentProviderFor, type PaymentProvider } from './payments';
import { pushkaFor, type Pushka } from './pushka';
import { createQueues, type Queues } from './queues';

export interface AppContext {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  redisUrl: string;
  /** The shared command connection (not for blocking commands or pub/sub). */
  redis: Redis;
  keys: RedisKeys;
  queues: Queues;
  /** The payment provider (YooKassa, or its emulator in the demo and the tests). */
  payments: PaymentProvider;
  /** The cinema's second YooKassa shop, for the Pushkin card (its emulator in the demo and the tests). */
  pushkinPayments: PaymentProvider;
  /** The Pushkin card ticket registry and Pro.Культура's events (their emulator in the demo and the tests). */
  pushka: Pushka;
  /** The cash register of counter sales (ATOL's web server, or its emulator in the demo and the tests). */
  fiscal: FiscalDriver;
  /** "Now" for every rule that asks (docs/architecture.md, "The clock"); the system clock outside tests. */
  clock: Clock;
  close(): Promise<void>;
}

export interface ContextParts {
  config: Config;
  database: Database;
  redisUrl: string;
  logger?: Logger;
  /** Defaults to the system clock; tests pass a ManualClock. */
  clock?: Clock;
  /** Extra shutdown steps owned by whoever provided the parts (e.g. an embedded redis-server). */
  onClose?: () => Promise<void>;
}

/** Wires an already opened database and a reachable Redis into a context. */
export function createContext({ config, database, redisUrl, logger, clock, onClose }: ContextParts): AppContext {
  setCinemaTimeZone(config.cinemaTimeZone);
  const log = logger ?? createLogger(config);
  const redis = connectRedis(redisUrl, { logger: log, name: 'commands' });
  const queues = createQueues(redisUrl, config.redisPrefix, log);
  return {
    config,
    logger: log,
    database,
    db: database.db,
    redisUrl,
    redis,
    keys: new RedisKeys(config.redisPrefix),
    queues,
    payments: paymentProviderFor(config, log),
    pushkinPayments: paymentProviderFor(config, log, 'pushkin'),
    pushka: pushkaFor(config, log),
    fiscal: fiscalDriverFor(config, log),
    clock: clock ?? systemClock,
    /** Runs every shutdown step even when one fails, then reports the first failure. */
    async close() {
      const steps = [() => queues.close(), () => closeRedis(redis), () => database.close(), async () => onClose?.()];
      const failures: unknown[] = [];
      for (const step of steps) await step().catch((err: unknown) => failures.push(err));
      if (failures.length > 0) throw failures[0];
    },
  };
}
