/**
 * The demo's Pushkin card registry: without PUSHKA_API_URL (outside production) the process starts the registry
 * emulator on loopback, with Pro.Культура's events list beside it (one event per demo film's ПУ number), and talks to
 * it over HTTP exactly as to the registry.
 */
import type { Config } from '../../config';
import type { Logger } from '../../lib/infra/logger';
import { startPushkaEmulator, type PushkaEmulator } from '.';

export interface EmbeddedRegistry {
  config: Config;
  emulator: PushkaEmulator;
}

/** The seed's made-up ПУ numbers are '121' and the film id on six digits (seed/films.ts). */
const DEMO_EVENTS = Array.from({ length: 40 }, (_, i) => {
  const pu = `121${String(i + 1).padStart(6, '0')}`;
  return { id: `demo-${pu}`, name: `Фильм с ПУ ${pu}`, puNumbers: [pu] };
});

export async function startEmbeddedRegistry(config: Config, logger: Logger): Promise<EmbeddedRegistry | undefined> {
  if (!config.pushkin.enabled) {
    // Production without PUSHKA_API_URL: the cinema is outside the programme (config.ts), no emulator stands in.
    logger.info('PUSHKA_API_URL is not set: the Pushkin card is not accepted');
    return undefined;
  }
  if (config.pushkin.registryUrl || config.env === 'production') return undefined;
  const emulator = await startPushkaEmulator({ events: DEMO_EVENTS, anyEvent: true, logger });
  logger.warn(
    { url: emulator.url },
    'PUSHKA_API_URL is not set: Pushkin card tickets go to the local registry emulator',
  );
  return {
    emulator,
    config: {
      ...config,
      pushkin: {
        ...config.pushkin,
        registryUrl: emulator.apiUrl,
        apiKey: emulator.apiKey,
        organizationId: emulator.organizationId,
        procultureUrl: emulator.procultureUrl,
        procultureKey: emulator.procultureKey,
      },
    },
  };
}
