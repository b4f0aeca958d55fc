/** The shop a payment was made at, by the name stored with it: YooKassa's first shop, or the Pushkin card's second. */
import type { AppContext } from '../../context';
import type { PaymentProvider } from '../../payments';

export function providerNamed(ctx: AppContext, name: string | null | undefined): PaymentProvider {
  return name === ctx.pushkinPayments.name ? ctx.pushkinPayments : ctx.payments;
}
