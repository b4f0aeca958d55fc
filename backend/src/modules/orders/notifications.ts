/**
 * POST /api/payments/yookassa/notifications. A notification is a trigger, not the truth: it is
 * accepted only from the provider's addresses, and the payment or refund it names is fetched from the
 * provider before anything is done. Answered 200 once acted on (or when there is nothing to do);
 * an error (provider unreachable, a lock held too long, the database down) answers 5xx, and the
 * provider delivers it again. Acting is idempotent, so a replay changes nothing and mails nothing twice.
 */
import { BlockList } from 'node:net';
import type { AppContext } from '../../context';
import { forbidden, unavailable } from '../../lib/http/errors';
import { ProviderError } from '../../payments/provider';
import { eq } from 'drizzle-orm';
import { schema } from '../../db';
import { applyProviderPayment } from './apply-payment';
import { providerNamed } from './providers';
import { applyProviderRefundById } from './refund';

/** The configured sources (CIDR list) as one matcher. */
export function sourceMatcher(sources: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const source of sources) {
    const [address, bits] = source.split('/') as [string, string | undefined];
    const type = address.includes(':') ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    // IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') ? raw.slice(7) : raw;
    return list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  };
}

export interface Notification {
  event: string;
  object: { id: string };
}

export function notificationHandler(ctx: AppContext) {
  const allowed = sourceMatcher(ctx.config.yookassa.notificationSources);
  return async (address: string | undefined, { event, object }: Notification): Promise<{ ok: true }> => {
    if (!address || !allowed(address)) {
      ctx.logger.warn({ address, event }, 'payment notification from an address not allowed');
      throw forbidden('Уведомления принимаются только от платёжного сервиса');
    }
    try {
      if (event.startsWith('payment.')) {
        // Asked of the shop we made it at (the Pushkin card's payments are the second shop's).
        const [ours] = await ctx.db
          .select({ provider: schema.payments.provider })
          .from(schema.payments)
          .where(eq(schema.payments.providerPaymentId, object.id))
          .limit(1);
        const provider = providerNamed(ctx, ours?.provider);
        await applyProviderPayment(ctx, await provider.getPayment(object.id), undefined, provider.name);
      } else if (event.startsWith('refund.')) await applyProviderRefundById(ctx, object.id);
      else ctx.logger.info({ event }, 'payment notification of an event we do not use');
    } catch (err) {
      // The provider does not know the object (a forged id): nothing to do, and nothing to redeliver.
      if (err instanceof ProviderError && err.kind === 'refused' && err.details.status === 404) {
        ctx.logger.warn({ event, id: object.id }, 'payment notification names an object the provider does not know');
        return { ok: true };
      }
      if (err instanceof ProviderError)
        throw unavailable('Платёжный сервис не ответил: уведомление будет доставлено снова');
      throw err;
    }
    return { ok: true };
  };
}
