/** Tells each buyer of a cancelled session (an account's e-mail, or the order's contact) how their money comes back. */
import { schema } from '@kino/backend/db';
import { refundedWithItsSession, SOLD_TICKET_STATUSES, WALK_IN_BUYER } from '@kino/backend/contract/constants';
import { and, eq, inArray } from 'drizzle-orm';
import { cinemaSettings } from '@kino/backend/modules/settings';
import { defineJob } from '../define-job';
import { deliver } from '../mailer';
import { sessionCancelledMail } from '../tickets/mails';

export default defineJob('mail.session-cancelled', async ({ sessionId }, { ctx, log }) => {
  const session = await ctx.db.query.sessions.findFirst({
    where: eq(schema.sessions.id, sessionId),
    with: { film: true, hall: true },
  });
  if (!session?.cancelledAt) {
    log.warn({ sessionId }, 'cancellation mail skipped: the session is not cancelled');
    return { skipped: true };
  }
  const { tickets, orders, users } = schema;
  // Every ticket that was paid (refunded since, or still waiting for the counter), with its buyer.
  const rows = await ctx.db
    .select({
      ticketId: tickets.id,
      paymentMethod: orders.paymentMethod,
      channel: orders.channel,
      orderEmail: orders.email,
      userEmail: users.email,
      fio: users.fio,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.sessionId, sessionId), inArray(tickets.status, [...SOLD_TICKET_STATUSES])))
    .orderBy(tickets.id);
  const byBuyer = new Map<string, { fio: string; ticketIds: number[]; paidAtTill: boolean }>();
  for (const row of rows) {
    const to = row.userEmail ?? row.orderEmail;
    if (!to) continue;
    const entry = byBuyer.get(to) ?? { fio: row.fio ?? WALK_IN_BUYER, ticketIds: [], paidAtTill: false };
    entry.ticketIds.push(row.ticketId);
    entry.paidAtTill ||= !refundedWithItsSession(row);
    byBuyer.set(to, entry);
  }
  const reason = session.cancelReason ?? 'по решению кинотеатра';
  const links = { siteUrl: ctx.config.publicUrl, cinema: await cinemaSettings(ctx) };
  for (const [to, { fio, ticketIds, paidAtTill }] of byBuyer) {
    await deliver(ctx, log, {
      to,
      ...sessionCancelledMail(fio, { ...session, reason }, ticketIds, paidAtTill, links),
    });
  }
  return { mailed: byBuyer.size };
});
