/**
 * The Pushkin card registry's sweep: a registration, refund or visit that has not reached the registry
 * PUSHKIN_STUCK_MINUTES after it happened (its job gave up after its attempts, or was lost) goes again. Each goes
 * under its one job id (ticketJobIds.pushkin): a job still waiting, delayed or running is left alone, a failed one
 * is retried, a missing one added — never a second job beside the first, so nothing reaches the registry twice
 * (and a registration retried asks the registry by barcode first, registry.ts).
 *
 * What the sweep does not send again, staff see (the orders list's PUSHKIN_STUCK_LABEL): the same delay passed and
 * the registry still does not have it — a refusal of a refund or a visit recorded on the row, or a ticket
 * registered without the registry's id (its refund is marked in the Pro.Культура cabinet by hand).
 */
import { and, eq, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { PUSHKIN_STUCK_MINUTES } from '../../contract/pushkin';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { ticketJobIds } from '../../queues/job-ids/tickets';
import { ticketBecomes } from '../tickets/lifecycle';
import { acceptsPushkin } from './holder';
import { pushkinWas } from './lifecycle';

const { pushkinTickets, tickets, orders } = schema;

export type PushkinAction = 'register' | 'refund' | 'visit';

/** Jobs BullMQ still holds and will run: the sweep leaves them be. */
const IN_FLIGHT = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** The conditions over pushkin_tickets joined with its ticket and order: what is overdue, for each action. */
function overdue(now: Date) {
  const before = new Date(now.getTime() - PUSHKIN_STUCK_MINUTES * 60_000);
  const refunded = and(eq(tickets.status, ticketBecomes('refund')), lt(tickets.refundedAt, before));
  return {
    register: and(
      eq(pushkinTickets.status, pushkinWas('register')),
      sql`coalesce(${orders.paidAt}, ${pushkinTickets.createdAt}) < ${before.toISOString()}::timestamptz`,
    ),
    // Registered, then refunded (or admitted) long enough ago, and the registry not told.
    refund: and(eq(pushkinTickets.status, pushkinWas('refund')), refunded),
    visit: and(
      eq(pushkinTickets.status, pushkinWas('visit')),
      ne(tickets.status, ticketBecomes('refund')),
      isNotNull(tickets.usedAt),
      lt(tickets.usedAt, before),
    ),
  };
}

/**
 * An order's Pushkin card ticket has not reached the registry in PUSHKIN_STUCK_MINUTES (the orders list's flag):
 * an SQL condition on `orders.id`.
 */
export function pushkinStuckSql(orderId: SQL | typeof orders.id, now: Date): SQL {
  const late = overdue(now);
  return sql`exists (select 1 from ${pushkinTickets}
    inner join ${tickets} on ${tickets.id} = ${pushkinTickets.ticketId}
    inner join ${orders} on ${orders.id} = ${pushkinTickets.orderId}
    where ${pushkinTickets.orderId} = ${orderId} and (${or(late.register, late.refund, late.visit)}))`;
}

/** The tickets to send again, each with its action (a refused refund or visit, or one without the registry's id, stays with staff). */
export async function findStuckPushkinTickets(
  ctx: Pick<AppContext, 'db'>,
  now: Date,
): Promise<{ ticketId: number; action: PushkinAction }[]> {
  const late = overdue(now);
  const action = sql<PushkinAction>`case when ${late.register} then 'register' when ${late.refund} then 'refund' else 'visit' end`;
  const rows = await ctx.db
    .select({ ticketId: pushkinTickets.ticketId, action })
    .from(pushkinTickets)
    .innerJoin(tickets, eq(tickets.id, pushkinTickets.ticketId))
    .innerJoin(orders, eq(orders.id, pushkinTickets.orderId))
    .where(
      or(
        late.register,
        and(late.refund, isNull(pushkinTickets.error), isNotNull(pushkinTickets.registryId)),
        and(late.visit, isNull(pushkinTickets.error)),
      ),
    )
    .orderBy(pushkinTickets.ticketId);
  return rows;
}

export interface PushkinSweepResult {
  /** Sent again: a failed job retried, or a lost one added. */
  requeued: { ticketId: number; action: PushkinAction }[];
  /** Overdue, but its job is still waiting or running. */
  inFlight: number;
}

/** Sends the overdue registry calls again, each under its one job id (see the top of this file). */
export async function sweepStuckPushkinTickets(ctx: AppContext): Promise<PushkinSweepResult> {
  // The card switched off (production without PUSHKA_API_URL): there is no registry to send anything to.
  if (!acceptsPushkin(ctx)) return { requeued: [], inFlight: 0 };
  const stuck = await findStuckPushkinTickets(ctx, ctx.clock.now());
  const result: PushkinSweepResult = { requeued: [], inFlight: 0 };
  for (const { ticketId, action } of stuck) {
    const jobId = ticketJobIds.pushkin(action, ticketId);
    const name = `pushkin.${action}` as const;
    const job = await ctx.queues.queue('tickets').getJob(jobId);
    const state = job ? await job.getState() : 'missing';
    if (IN_FLIGHT.has(state)) {
      result.inFlight += 1;
      continue;
    }
    if (job && state === 'failed') {
      // The same job again, its attempts afresh.
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } else {
      // Completed (the row moved back since?) or gone: a fresh job under the same id.
      if (job) await job.remove();
      await ctx.queues.enqueue(name, { ticketId }, { jobId });
    }
    ctx.logger.warn(
      { ticketId, action, state },
      `Pushkin registry: ${action} of ticket ${ticketId} overdue, sent again`,
    );
    result.requeued.push({ ticketId, action });
  }
  return result;
}
