/**
 * The demo's cash register: without ATOL_URL (outside production, which refuses to start without one)
 * the process starts the ATOL web-server emulator on loopback and talks to it over HTTP exactly as to a
 * real one, so every counter sale gets its receipt. Its counters live in DATA_DIR.
 */
import type { Config } from '../../config';
import { startAtolEmulator, type AtolEmulator } from '../../emulators/atol';
import type { Logger } from '../../lib/infra/logger';

export interface EmbeddedRegister {
  config: Config;
  emulator: AtolEmulator;
}

export async function startEmbeddedRegister(config: Config, logger: Logger): Promise<EmbeddedRegister | undefined> {
  if (config.fiscal.atolUrl || config.env === 'production') return undefined;
  const emulator = await startAtolEmulator({ dataDir: config.dataDir, logger });
  logger.warn({ url: emulator.url }, 'ATOL_URL is not set: receipts go to the local cash register emulator');
  return { emulator, config: { ...config, fiscal: { ...config.fiscal, atolUrl: emulator.url } } };
}
