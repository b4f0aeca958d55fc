/**
 * The process entry point. SERVICES picks the roles: `api`, `workers`, or both in one process
 * (the demo: PGlite allows one process per data directory). On SIGTERM/SIGINT it drains — readiness
 * turns 503, the port stops accepting, requests and jobs in flight finish (at most
 * SHUTDOWN_TIMEOUT_SECONDS, then jobs go back to their queue) — and closes its connections.
 */
import { ConfigError, DEVELOPMENT_APP_SECRET, loadConfig, type Config } from '@kino/backend/config';
import { bootstrap } from '@kino/backend/bootstrap';
import type { AppContext } from '@kino/backend/context';
import { DatabaseUnavailableError } from '@kino/backend/db';
import { startEffectsDrain } from '@kino/backend/effects';
import { createLogger, type Logger } from '@kino/backend/lib/infra/logger';
import { startMetricsServer } from '@kino/backend/metrics';
import { PortUnavailableError } from '@kino/backend/lib/infra/operator-messages';
import { RedisUnavailableError } from '@kino/backend/lib/infra/redis';
import { startApi, startProbeServer } from '@kino/backend/server';
import { startWorkers } from '@kino/workers';

const EXPECTED = [ConfigError, DatabaseUnavailableError, RedisUnavailableError, PortUnavailableError];

export interface StartOptions {
  /** Runs after the database is migrated and before any role starts (the demo seeds here). */
  prepare?: (ctx: AppContext) => Promise<void>;
}

/** Loud, on stderr whatever LOG_LEVEL says: a deployment left on the public development secret is open to forged sign-ins. */
function warnAboutDevelopmentSecret(config: Config, logger: Logger) {
  if (config.appSecret !== DEVELOPMENT_APP_SECRET) return;
  const bar = '!'.repeat(78);
  console.error(
    `\n${bar}\n` +
      '!! WARNING: APP_SECRET is not set. Sign-in tokens are signed with the development secret,\n' +
      '!! which is public: anyone can forge a sign-in as any user, staff included.\n' +
      '!! Set APP_SECRET to a random string (e.g. `openssl rand -hex 32`) before exposing this server.\n' +
      `${bar}\n`,
  );
  logger.warn('APP_SECRET is not set: using the public development secret');
}

/** Starts the configured roles; resolves once they all run. */
export async function start(env = process.env, { prepare }: StartOptions = {}) {
  const config = loadConfig(env);
  const logger = createLogger(config);
  warnAboutDevelopmentSecret(config, logger);
  const ctx = await bootstrap(config, logger);
  const stops: ((timeoutMs: number) => Promise<void>)[] = [];
  const stopAll = (timeoutMs: number) => Promise.all(stops.map((stop) => stop(timeoutMs)));
  try {
    await prepare?.(ctx);
    // Every process performs the after-commit duties that a process which died left in the outbox.
    const drain = startEffectsDrain(ctx);
    stops.push(() => drain.stop());
    if (config.services.has('workers')) stops.push((await startWorkers(ctx)).close);
    let url: string | undefined;
    if (config.services.has('api')) {
      const api = await startApi(ctx);
      url = api.url;
      stops.push(api.close);
      logger.info({ url }, 'api listening');
    } else {
      // A workers-only process answers the liveness and readiness probes on PORT.
      const probes = await startProbeServer(ctx);
      stops.push(probes.close);
      logger.info({ url: probes.url }, 'probes listening');
    }
    if (config.metrics.port !== undefined) {
      const metrics = await startMetricsServer(ctx, config.metrics.port);
      stops.push(metrics.close);
      logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
    }
    return {
      ctx,
      url,
      /** Drains every role in parallel, each within `timeoutMs`, then closes the connections. */
      async stop(timeoutMs = config.shutdownTimeoutMs) {
        await stopAll(timeoutMs);
        await ctx.close();
      },
    };
  } catch (err) {
    await stopAll(0).catch(() => undefined);
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

/** Starts the roles and drains them on SIGINT/SIGTERM; an expected failure exits with its reason. */
export async function run(options?: StartOptions) {
  try {
    const running = await start(process.env, options);
    const { logger, config } = running.ctx;
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal while draining: exiting now');
        process.exit(1);
      }
      stopping = true;
      const seconds = config.shutdownTimeoutMs / 1000;
      logger.info({ signal }, `draining: readiness 503, finishing requests and jobs (at most ${seconds} s)`);
      // The drain is bounded by itself; this only guards against a close that never returns.
      const guard = setTimeout(() => {
        logger.error(`shutdown did not finish ${seconds + 5} s after ${signal}: exiting`);
        process.exit(1);
      }, config.shutdownTimeoutMs + 5000);
      guard.unref();
      try {
        await running.stop();
        logger.info('stopped');
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      }
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    return running;
  } catch (err) {
    exitWithReason(err);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
