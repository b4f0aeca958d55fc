/** The Pushkin card's outside services: the ticket registry (pushka.gosuslugi.ru) and Pro.Культура's events list. */
import type { Config } from '../config';
import type { Logger } from '../lib/infra/logger';
import { PushkaRegistry, RegistryError } from './client';
import { findEventByPu } from './proculture';

export * from './client';

export interface Pushka {
  /** Null when the registry is not configured (PUSHKA_API_URL and its key). */
  registry: PushkaRegistry | null;
  organizationId: string | null;
  /** The Pro.Культура event of a ПУ number, or null; RegistryError when Pro.Культура cannot be asked. */
  findEvent(puNumber: string): Promise<{ id: string; name: string } | null>;
}

export function pushkaFor(config: Config, logger: Logger): Pushka {
  const { registryUrl, apiKey, organizationId, procultureUrl, procultureKey, timeoutMs } = config.pushkin;
  return {
    registry: registryUrl && apiKey ? new PushkaRegistry({ url: registryUrl, apiKey, timeoutMs, logger }) : null,
    organizationId: organizationId ?? null,
    findEvent: (puNumber) => {
      if (!procultureKey || !organizationId)
        return Promise.reject(
          new RegistryError('unavailable', 'PROCULTURE_API_KEY or PUSHKA_ORGANIZATION_ID is not set'),
        );
      return findEventByPu({ url: procultureUrl, apiKey: procultureKey, organizationId, timeoutMs }, puNumber);
    },
  };
}
