/** The payment provider of this process, from its configuration: YooKassa (or its local emulator in the demo). */
import type { Config } from '../config';
import type { Logger } from '../lib/infra/logger';
import { ProviderError, type PaymentProvider } from './provider';
import { YooKassaClient } from './yookassa/client';

export * from './provider';

const NOT_CONFIGURED = 'YooKassa is not configured (YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY)';

/** Without a shop id every call fails as the provider being unavailable (start-up refuses this in production). */
const unconfigured: PaymentProvider = {
  name: 'yookassa',
  createPayment: () => Promise.reject(new ProviderError('unavailable', NOT_CONFIGURED)),
  getPayment: () => Promise.reject(new ProviderError('unavailable', NOT_CONFIGURED)),
  createRefund: () => Promise.reject(new ProviderError('unavailable', NOT_CONFIGURED)),
  getRefund: () => Promise.reject(new ProviderError('unavailable', NOT_CONFIGURED)),
};

/** A buyer waits on createPayment: short waits between the retries with the same key. */
const RETRY_DELAYS_MS = [300, 1000, 3000];

/** The name stored with the payments of the Pushkin card's shop (payments.provider). */
export const PUSHKIN_PROVIDER = 'yookassa_pushkin';

export function paymentProviderFor(config: Config, logger: Logger, shop: 'main' | 'pushkin' = 'main'): PaymentProvider {
  const { vatCode, paymentMode, timeoutMs } = config.yookassa;
  const { apiUrl, shopId, secretKey } =
    shop === 'main'
      ? config.yookassa
      : { apiUrl: config.pushkin.yookassaApiUrl, shopId: config.pushkin.shopId, secretKey: config.pushkin.secretKey };
  if (!shopId || !secretKey) return shop === 'main' ? unconfigured : { ...unconfigured, name: PUSHKIN_PROVIDER };
  return new YooKassaClient({
    name: shop === 'main' ? 'yookassa' : PUSHKIN_PROVIDER,
    apiUrl,
    shopId,
    secretKey,
    vatCode,
    paymentMode,
    timeoutMs,
    retryDelaysMs: RETRY_DELAYS_MS,
    logger,
  });
}
