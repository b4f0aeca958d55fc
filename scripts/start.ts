/**
 * The process entry point. SERVICES picks the roles: `api`, `workers`, or both in one process
 * (the demo: PGlite allows one process per data directory). Stops on SIGINT/SIGTERM, closing
 * the HTTP server, the workers and the connections in order.
 */
import { ConfigError, loadConfig } from '@kino/backend/config';
import { bootstrap, type AppContext } from '@kino/backend/context';
import { DatabaseUnavailableError } from '@kino/backend/db';
import { createLogger } from '@kino/backend/lib/logger';
import { RedisUnavailableError } from '@kino/backend/lib/redis';
import { startApi } from '@kino/backend/server';
import { startWorkers } from '@kino/workers';

const EXPECTED = [ConfigError, DatabaseUnavailableError, RedisUnavailableError];

export interface StartOptions {
  /** Runs after the database is migrated and before any role starts (the demo seeds here). */
  prepare?: (ctx: AppContext) => Promise<void>;
}

/** Starts the configured roles; resolves once they all run. */
export async function start(env = process.env, { prepare }: StartOptions = {}) {
  const config = loadConfig(env);
  const logger = createLogger(config);
  const ctx = await bootstrap(config, logger);
  const stops: (() => Promise<void>)[] = [];
  try {
    await prepare?.(ctx);
    if (config.services.has('workers')) stops.push((await startWorkers(ctx)).close);
    let url: string | undefined;
    if (config.services.has('api')) {
      const api = await startApi(ctx);
      url = api.url;
      stops.unshift(api.close);
      logger.info({ url }, 'api listening');
    }
    return {
      ctx,
      url,
      async stop() {
        for (const stop of stops) await stop();
        await ctx.close();
      },
    };
  } catch (err) {
    for (const stop of stops) await stop().catch(() => undefined);
    await ctx.close();
    throw err;
  }
}

/** Prints an operator-facing message (no stack) for expected start-up failures. */
export function exitWithReason(err: unknown, title = 'Kino cannot start.'): never {
  if (EXPECTED.some((type) => err instanceof type)) {
    console.error(`\n${title}\n${(err as Error).message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}

/** Starts the roles and stops them cleanly on SIGINT/SIGTERM; an expected failure exits with its reason. */
export async function run(options?: StartOptions) {
  try {
    const running = await start(process.env, options);
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      running.ctx.logger.info({ signal }, 'shutting down');
      await running.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    return running;
  } catch (err) {
    exitWithReason(err);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
