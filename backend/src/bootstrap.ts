/**
 * Start-up of a real process (the API server, the demo, a bench): reaches or starts Redis and, in the
 * demo, the payment and cash-register emulators; opens and migrates the database; wires them into a context (context.ts).
 */
import path from 'node:path';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { openDatabase } from './db';
import { startEmbeddedRegister } from './emulators/atol/embedded';
import { startEmbeddedRegistry } from './emulators/pushka/embedded';
import { startEmbeddedPayments } from './emulators/yookassa/embedded';
import { createLogger, type Logger } from './lib/infra/logger';
import { probeRedis, startEmbeddedRedis } from './lib/infra/redis';
import { registerModuleDuties } from './modules/duties';

/**
 * Start-up for a real process: reaches (or starts) Redis, opens and migrates the database.
 * Failures throw RedisUnavailableError / DatabaseUnavailableError with a message for the operator.
 */
export async function bootstrap(config: Config, logger: Logger = createLogger(config)): Promise<AppContext> {
  const embeddedRedis = config.redisUrl ? undefined : await startEmbeddedRedis(config.dataDir, logger);
  const redisUrl = config.redisUrl ?? embeddedRedis!.url;
  const embeddedPayments = await startEmbeddedPayments(config, logger);
  const embeddedRegister = await startEmbeddedRegister(embeddedPayments?.config ?? config, logger);
  const embeddedRegistry = await startEmbeddedRegistry(
    embeddedRegister?.config ?? embeddedPayments?.config ?? config,
    logger,
  );
  const stopEmbedded = async () => {
    await embeddedRegistry?.emulator.close();
    await embeddedRegister?.emulator.close();
    await embeddedPayments?.emulator.close();
    if (embeddedPayments?.pushkinEmulator !== embeddedPayments?.emulator)
      await embeddedPayments?.pushkinEmulator?.close();
    await embeddedRedis?.stop();
  };
  try {
    await probeRedis(redisUrl);
    const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
    await database.migrate();
    logger.info({ driver: database.driver }, 'database ready');
    registerModuleDuties();
    return createContext({
      config: embeddedRegistry?.config ?? embeddedRegister?.config ?? embeddedPayments?.config ?? config,
      database,
      redisUrl,
      logger,
      onClose: stopEmbedded,
    });
  } catch (err) {
    await stopEmbedded();
    throw err;
  }
}
