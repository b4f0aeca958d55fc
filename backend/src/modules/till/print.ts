/**
 * GET /api/till/orders/{id}/tickets: an order sold at the till, its live tickets one a page, for the
 * thermal printer (80 mm) or A4 — rendered now, with their check-in codes (never cached), as the cinema's
 * ticket form with the payment form and the register's receipt (its fiscal data and QR: tickets/form.ts).
 */
import { and, eq } from 'drizzle-orm';
import { LIVE_TICKET_STATUS } from '../../contract/constants';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import { roublesOf } from '../../contract/money';
import { saleReceipts } from '../fiscal/receipt';
import { cinemaSettings } from '../settings/cinema';
import type { TicketSale } from '../tickets/form';
import { renderTicketsPdf, THERMAL_80MM } from '../tickets/pdf';
import { presentTicket, ticketCode } from '../tickets/presenter';
import { findTicketsWithRelations } from '../tickets/queries';

export async function printTillTickets(
  ctx: Pick<AppContext, 'db' | 'config'>,
  orderId: number,
  format: '80mm' | 'a4',
): Promise<{ filename: string; bytes: Buffer }> {
  const { orders, tickets } = schema;
  const [order] = await ctx.db
    .select({ id: orders.id, paymentMethod: orders.paymentMethod, totalKopecks: orders.totalKopecks })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.channel, 'box_office')));
  const live = order
    ? await ctx.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.orderId, orderId), eq(tickets.status, LIVE_TICKET_STATUS)))
    : [];
  if (live.length === 0) throw notFound('Нет билетов для печати');
  const rows = await findTicketsWithRelations(
    ctx.db,
    live.map((t) => t.id),
  );
  const fiscal = (await saleReceipts(ctx, [orderId])).get(orderId);
  const sale: TicketSale = {
    paymentMethod: order!.paymentMethod,
    receipt: fiscal ? { fiscal, total: roublesOf(order!.totalKopecks) } : null,
  };
  const bytes = await renderTicketsPdf(
    rows.map((row) => ({ ticket: presentTicket(row), code: ticketCode(ctx.config.appSecret, row), sale })),
    format === 'a4' ? 'A4' : THERMAL_80MM,
    await cinemaSettings(ctx),
  );
  return { filename: `kino-order-${orderId}-${format}.pdf`, bytes };
}
