/** The fiscal domain: the cash register behind a driver, and every document Kino asks it for. */
import type { Config } from '../config';
import type { Logger } from '../lib/infra/logger';
import { AtolWebDriver } from './atol-web';
import { RegisterUnreachable, type FiscalDriver } from './driver';

export type { FiscalDriver } from './driver';

/** The configured register; one that refuses every task as unreachable when none is configured. */
export function fiscalDriverFor(config: Config, logger: Logger): FiscalDriver {
  const url = config.fiscal.atolUrl;
  if (!url) {
    const unset = () => Promise.reject(new RegisterUnreachable('ATOL_URL is not set'));
    return { run: unset, resume: unset };
  }
  return new AtolWebDriver({ url, timeoutMs: config.fiscal.timeoutMs, pollMs: config.fiscal.pollMs, logger });
}
