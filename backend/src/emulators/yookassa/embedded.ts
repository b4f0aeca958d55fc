/**
 * The demo's payment provider: without YOOKASSA_SHOP_ID (outside production, which refuses to start
 * without one) the process starts the YooKassa emulator on loopback and talks to it over HTTP exactly
 * as to YooKassa, so the demo runs the production flow: a payment page, notifications, refunds.
 */
import type { Config } from '../../config';
import { startYooKassaEmulator, type YooKassaEmulator } from '.';
import type { Logger } from '../../lib/infra/logger';
import { DEMO_CINEMA } from '../../seed/data/cinema';

export interface EmbeddedPayments {
  /** The configuration pointed at the emulator, notifications accepted from loopback. */
  config: Config;
  emulator: YooKassaEmulator;
}

export const NOTIFICATIONS_PATH = '/api/payments/yookassa/notifications';

export async function startEmbeddedPayments(config: Config, logger: Logger): Promise<EmbeddedPayments | undefined> {
  if (config.yookassa.shopId || config.env === 'production') return undefined;
  const emulator = await startYooKassaEmulator({
    // The shop as the provider's page names it: the demo's cinema (the emulator never runs in production).
    shopName: DEMO_CINEMA.name,
    // The API of this process, once it listens (the port is known unless it is chosen at random).
    ...(config.port !== 0 ? { notificationUrl: `http://127.0.0.1:${config.port}${NOTIFICATIONS_PATH}` } : {}),
    logger,
  });
  logger.warn({ url: emulator.url }, 'YOOKASSA_SHOP_ID is not set: payments go to the local YooKassa emulator');
  return {
    emulator,
    config: {
      ...config,
      yookassa: {
        ...config.yookassa,
        apiUrl: emulator.apiUrl,
        shopId: emulator.shopId,
        secretKey: emulator.secretKey,
        notificationSources: [...config.yookassa.notificationSources, '127.0.0.1/32', '::1/128'],
      },
    },
  };
}
