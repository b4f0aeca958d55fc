/** Reading orders for their pages: the buyer's (with their tickets once paid) and the staff's. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { can } from '../../contract/access';
import type { TicketStatus } from '../../contract/constants';
import type { OrderView, StaffOrder, StaffOrderQuerySchema, StaffOrderRow } from '../../contract/orders';
import { roublesOf } from '../../contract/money';
import { toCinemaTime } from '../../contract/time';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import type { AuthUser } from '../../lib/http/auth-user';
import { pushkinStuckSql } from '../pushkin';
import { presentOwnTicket } from '../tickets/presenter';
import { wasSold } from '../tickets/state';
import { refundBecomes } from './lifecycle';
import { pushkinBecomes } from '../pushkin/lifecycle';
import { presentOrder, presentStaffOrder } from './presenter';
import { needsManualRefundSql } from './returned-by-hand';

const { orders, sessions, films, users, payments, tickets, refunds } = schema;

const withDetails = {
  session: { with: { film: { columns: { id: true, title: true, age: true } }, hall: { columns: { name: true } } } },
  tickets: {
    with: {
      zone: { columns: { code: true, name: true } },
      ticketType: { columns: { code: true, name: true, checkDocument: true } },
    },
  },
  promoCode: { columns: { code: true } },
  payments: true,
  refunds: true,
} as const;

/** The buyer, or staff who may read orders (anyone else: as if there were no such order). */
export const mayView = (viewer: Pick<AuthUser, 'id' | 'role'>, order: { userId: number | null }) =>
  order.userId === viewer.id || can(viewer.role, 'orders', 'read');

/**
 * The buyer's page (and the paid push): the order and, for its buyer, its tickets as they show them,
 * in one query — what a ticket shows (session, film, hall, holder, refunds) comes with the order's lines.
 */
const withOwnTickets = {
  ...withDetails,
  session: { with: { film: true, hall: true } },
  tickets: {
    with: {
      ...withDetails.tickets.with,
      user: { columns: { fio: true } },
      refunds: { columns: { id: true, status: true, cancellationReason: true } },
    },
  },
} as const;

export async function viewOrder(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  orderId: number,
  viewer: Pick<AuthUser, 'id' | 'role'>,
): Promise<OrderView> {
  return (await viewOrderRow(ctx, orderId, viewer, (order) => (order.userId === viewer.id ? wasSold : () => false)))
    .view;
}

/**
 * viewOrder with the order's row, in the same one query; `shown` picks the tickets presented (the till shows
 * the live tickets of its sale to the cashier, who is not their buyer).
 */
export async function viewOrderRow(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  orderId: number,
  viewer: Pick<AuthUser, 'id' | 'role'>,
  shown: (order: { userId: number | null }) => (status: TicketStatus) => boolean,
): Promise<{ view: OrderView; row: typeof orders.$inferSelect }> {
  const order = await ctx.db.query.orders.findFirst({ where: eq(orders.id, orderId), with: withOwnTickets });
  if (!order || !mayView(viewer, order)) throw notFound('Заказ не найден');
  const show = shown(order);
  const now = ctx.clock.now();
  return {
    row: order,
    view: {
      ...presentOrder(order, { kind: 'viewer', cutoffMinutes: ctx.config.refundCutoffMinutes }, now),
      tickets: order.tickets
        .filter((t) => show(t.status))
        .toSorted((a, b) => a.id - b.id)
        .map((ticket) => presentOwnTicket(ctx.config, { ...ticket, session: order.session }, now)),
    },
  };
}

export async function staffOrder(ctx: Pick<AppContext, 'db' | 'clock'>, orderId: number): Promise<StaffOrder> {
  const order = await ctx.db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: {
      ...withDetails,
      user: { columns: { id: true, fio: true, email: true } },
      events: { with: { actor: { columns: { fio: true } } } },
    },
  });
  if (!order) throw notFound('Заказ не найден');
  const resolverIds = order.refunds.flatMap((r) => (r.resolvedBy === null ? [] : [r.resolvedBy]));
  const resolvers = resolverIds.length
    ? await ctx.db.select({ id: users.id, fio: users.fio }).from(users).where(inArray(users.id, resolverIds))
    : [];
  const [pushkin] = await ctx.db.select().from(schema.pushkinTickets).where(eq(schema.pushkinTickets.orderId, orderId));
  return presentStaffOrder(
    { ...order, resolvers: new Map(resolvers.map((u) => [u.id, u.fio])), pushkin: pushkin ?? null },
    ctx.clock.now(),
  );
}

/** The back office's orders table: newest first; by status, by session, by buyer or payment id. */
export function listStaffOrders(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  query: z.output<typeof StaffOrderQuerySchema>,
): Promise<Page<StaffOrderRow>> {
  const paymentId = sql<
    string | null
  >`(select ${payments.providerPaymentId} from ${payments} where ${payments.orderId} = ${orders.id} order by ${payments.id} desc limit 1)`;
  const refunded =
    sql<number>`(select coalesce(sum(${refunds.amountKopecks}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = ${refundBecomes('succeed')})`.mapWith(
      Number,
    );
  // needsManualRefund (presenter.ts): the latest refund of the whole payment was refused.
  const manualRefund = needsManualRefundSql(orders.id);
  // The Pushkin card registry refused to register one of its tickets (modules/pushkin).
  const pushkinRefused = sql<boolean>`exists (select 1 from ${schema.pushkinTickets} where ${schema.pushkinTickets.orderId} = ${orders.id} and ${schema.pushkinTickets.status} = ${pushkinBecomes('refuse')})`;
  // A registration, refund or visit of its Pushkin card ticket overdue at the registry (modules/pushkin/sweep.ts).
  const pushkinStuck = pushkinStuckSql(orders.id, ctx.clock.now()).mapWith(Boolean);
  const seats = sql<
    string[]
  >`(select coalesce(array_agg(${tickets.seatNumber} order by ${tickets.id}), '{}') from ${tickets} where ${tickets.orderId} = ${orders.id})`;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.schedule_id ? eq(orders.sessionId, query.schedule_id) : undefined,
    query.flag === 'manual_refund' ? manualRefund : undefined,
    query.flag === 'pushkin_refused' ? pushkinRefused : undefined,
    query.flag === 'pushkin_stuck' ? pushkinStuck : undefined,
    searchCondition(query.q, users.fio, users.email, orders.email, paymentId),
  );
  const from = () =>
    ctx.db
      .select({
        order: orders,
        film: films.title,
        start: sessions.startTime,
        buyer: users.fio,
        paymentId,
        refunded,
        seats,
        manualRefund,
        pushkinRefused,
        pushkinStuck,
      })
      .from(orders)
      .innerJoin(sessions, eq(sessions.id, orders.sessionId))
      .innerJoin(films, eq(films.id, sessions.filmId))
      .leftJoin(users, eq(users.id, orders.userId));
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await from().where(where).orderBy(desc(orders.id)).limit(limit).offset(offset);
      return rows.map((row) => ({
        id: row.order.id,
        status: row.order.status,
        channel: row.order.channel,
        total: roublesOf(row.order.totalKopecks),
        refunded: roublesOf(row.refunded),
        created_at: toCinemaTime(row.order.createdAt),
        buyer: row.buyer,
        film: row.film,
        start_time: toCinemaTime(row.start),
        seats: row.seats,
        provider_payment_id: row.paymentId,
        needs_manual_refund: row.manualRefund,
        pushkin_refused: row.pushkinRefused,
        pushkin_stuck: row.pushkinStuck,
      }));
    },
    async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}
