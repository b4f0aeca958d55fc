/**
 * The buyer's mail once their order is paid: the tickets, each as its PDF (rendered here if the PDF
 * job has not yet), and what the fiscal receipt lists (the receipt itself comes from the provider's
 * cash register, to the same address).
 */
import { LIVE_TICKET_STATUS } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import { ticketItemText } from '@kino/backend/modules/orders';
import { ensureTicketPdfs, findTicketsWithRelations, presentTicket } from '@kino/backend/modules/tickets';
import { eq } from 'drizzle-orm';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { ticketsSoldMail } from '../tickets/mails';

export default defineJob('mail.order-paid', async ({ orderId }, { ctx, log }) => {
  const order = await ctx.db.query.orders.findFirst({
    where: eq(schema.orders.id, orderId),
    with: { user: true, payments: true, tickets: { columns: { id: true } } },
  });
  // Tickets refunded before the mail went out are not sent.
  const tickets = order
    ? (
        await findTicketsWithRelations(
          ctx.db,
          order.tickets.map((t) => t.id),
        )
      ).filter((t) => t.status === LIVE_TICKET_STATUS)
    : [];
  const to = order?.email ?? order?.user?.email;
  if (!order || !to || tickets.length === 0) {
    log.warn({ orderId }, 'order mail skipped: no such order, no address or no live tickets');
    return { skipped: true };
  }
  const pdfs = await ensureTicketPdfs(
    ctx,
    tickets.map((t) => t.id),
  );
  const payment = order.payments.find((p) => p.status === 'succeeded');
  const content = ticketsSoldMail(order.user?.fio ?? 'зритель', tickets.map(presentTicket), {
    siteUrl: ctx.config.publicUrl,
    cinema: await cinemaSettings(ctx),
    refundCutoffMinutes: ctx.config.refundCutoffMinutes,
    receipt: {
      orderId,
      paymentId: payment?.providerPaymentId ?? null,
      items: tickets.map((t) => ({ text: ticketItemText(t.session, t.seatNumber), kopecks: t.priceKopecks })),
      vatCode: ctx.config.yookassa.vatCode,
      paymentMode: ctx.config.yookassa.paymentMode,
    },
  });
  return deliver(ctx, log, {
    to,
    ...content,
    attachments: pdfs.map((pdf) => ({ filename: pdf.filename, path: pdf.file, contentType: 'application/pdf' })),
  });
});
