/**
 * The YooKassa emulator as a process of its own: the payment provider of a container stack that runs
 * the production image without a real shop (scripts/containers). Never part of a real deployment.
 *
 *   HOST (0.0.0.0), PORT (8000), PUBLIC_URL (http://<HOST>:<PORT>: what buyers' browsers open),
 *   YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY (the shop the API is configured with),
 *   NOTIFICATION_URL (the API's /api/payments/yookassa/notifications; unset → none sent).
 */
import { startYooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { createLogger } from '@kino/backend/lib/infra/logger';
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';

const env = process.env;
const host = env.HOST ?? '0.0.0.0';
const port = Number(env.PORT ?? 8000);
const logger = createLogger({ logLevel: 'info' }, 'yookassa-emulator');
const emulator = await startYooKassaEmulator({
  host,
  port,
  publicUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
  shopName: DEMO_CINEMA.name,
  ...(env.YOOKASSA_SHOP_ID ? { shopId: env.YOOKASSA_SHOP_ID } : {}),
  ...(env.YOOKASSA_SECRET_KEY ? { secretKey: env.YOOKASSA_SECRET_KEY } : {}),
  ...(env.NOTIFICATION_URL ? { notificationUrl: env.NOTIFICATION_URL } : {}),
  logger,
});
logger.info({ url: emulator.url, shopId: emulator.shopId }, 'YooKassa emulator listening');
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
