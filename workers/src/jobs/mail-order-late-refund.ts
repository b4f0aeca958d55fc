/** Tells the buyer that their payment came after the seats were sold to someone else, and goes back. */
import { schema } from '@kino/backend/db';
import { eq } from 'drizzle-orm';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { lateRefundMail } from '../tickets/mails';

export default defineJob('mail.order-late-refund', async ({ orderId }, { ctx, log }) => {
  const order = await ctx.db.query.orders.findFirst({
    where: eq(schema.orders.id, orderId),
    with: { user: true, session: { with: { film: true } } },
  });
  const to = order?.email ?? order?.user?.email;
  if (!order || !to) {
    log.warn({ orderId }, 'late refund mail skipped: no such order or no address');
    return { skipped: true };
  }
  return deliver(ctx, log, {
    to,
    ...lateRefundMail(order.user?.fio ?? 'зритель', order, {
      siteUrl: ctx.config.publicUrl,
      cinema: await cinemaSettings(ctx),
    }),
  });
});
