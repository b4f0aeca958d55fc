/**
 * Tells the buyer that their payment bought nothing and goes back, and why (the seats were sold to
 * someone else, the order or the session was cancelled, the session had started): the refund's reason.
 */
import { schema } from '@kino/backend/db';
import { eq } from 'drizzle-orm';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { lateRefundMail } from '../tickets/mails';

/** The latest refund of the whole payment (no ticket): the one this mail is about. */
const wholePaymentRefund = <R extends { id: number; ticketId: number | null }>(refunds: R[]) =>
  refunds.filter((r) => r.ticketId === null).toSorted((a, b) => b.id - a.id)[0];

export default defineJob('mail.order-late-refund', async ({ orderId }, { ctx, log }) => {
  const order = await ctx.db.query.orders.findFirst({
    where: eq(schema.orders.id, orderId),
    with: { user: true, session: { with: { film: true } }, refunds: true },
  });
  const to = order?.email ?? order?.user?.email;
  if (!order || !to) {
    log.warn({ orderId }, 'late refund mail skipped: no such order or no address');
    return { skipped: true };
  }
  return deliver(ctx, log, {
    to,
    ...lateRefundMail(order.user?.fio ?? 'зритель', order, wholePaymentRefund(order.refunds)?.reason ?? '', {
      siteUrl: ctx.config.publicUrl,
      cinema: await cinemaSettings(ctx),
    }),
  });
});
