/**
 * The ATOL web-server emulator as a process of its own: the cash register of a container stack that runs
 * the production image without a real register (scripts/containers). Never part of a real deployment.
 *
 *   HOST (0.0.0.0), PORT (16732, the real server's), DATA_DIR (the fiscal counters; /tmp by default).
 */
import os from 'node:os';
import { startAtolEmulator } from '@kino/backend/emulators/atol/index';
import { createLogger } from '@kino/backend/lib/infra/logger';

const env = process.env;
const logger = createLogger({ logLevel: 'info' }, 'register-emulator');
const emulator = await startAtolEmulator({
  host: env.HOST ?? '0.0.0.0',
  port: Number(env.PORT ?? 16732),
  dataDir: env.DATA_DIR ?? os.tmpdir(),
  logger,
});
logger.info({ url: emulator.url }, 'ATOL web-server emulator listening');
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
