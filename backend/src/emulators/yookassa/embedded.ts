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
  /** The second shop, for the Pushkin card (when PUSHKIN_YOOKASSA_SHOP_ID is unset too). */
  pushkinEmulator: YooKassaEmulator | undefined;
}

export const NOTIFICATIONS_PATH = '/api/payments/yookassa/notifications';

export async function startEmbeddedPayments(config: Config, logger: Logger): Promise<EmbeddedPayments | undefined> {
  if (config.env === 'production') return undefined;
  const pushkinEmulator = config.pushkin.shopId
    ? undefined
    : await startYooKassaEmulator({
        shopName: `${DEMO_CINEMA.name} — Пушкинская карта`,
        ...(config.port !== 0 ? { notificationUrl: `http://127.0.0.1:${config.port}${NOTIFICATIONS_PATH}` } : {}),
        logger,
      });
  const pushkin = pushkinEmulator
    ? {
        ...config.pushkin,
        yookassaApiUrl: pushkinEmulator.apiUrl,
        shopId: pushkinEmulator.shopId,
        secretKey: pushkinEmulator.secretKey,
      }
    : config.pushkin;
  if (pushkinEmulator)
    logger.warn(
      { url: pushkinEmulator.url },
      'PUSHKIN_YOOKASSA_SHOP_ID is not set: Pushkin card payments go to a local YooKassa emulator',
    );
  const loopback = ['127.0.0.1/32', '::1/128'];
  if (config.yookassa.shopId) {
    if (!pushkinEmulator) return undefined;
    return {
      emulator: pushkinEmulator,
      pushkinEmulator,
      config: {
        ...config,
        pushkin,
        yookassa: { ...config.yookassa, notificationSources: [...config.yookassa.notificationSources, ...loopback] },
      },
    };
  }
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
    pushkinEmulator,
    config: {
      ...config,
      pushkin,
      yookassa: {
        ...config.yookassa,
        apiUrl: emulator.apiUrl,
        shopId: emulator.shopId,
        secretKey: emulator.secretKey,
        notificationSources: [...config.yookassa.notificationSources, ...loopback],
      },
    },
  };
}
