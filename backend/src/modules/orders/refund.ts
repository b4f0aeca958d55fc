/**
 * Money back for tickets, through the provider (docs/architecture.md, "Orders and payments"). Three steps, each
 * safe to repeat: `requestRefunds` records a refund per line (status 'creating', its own idempotence
 * key) under the order's lock; `executeRefund` asks the provider with that key (again and again if it
 * cannot be reached: reconciliation retries 'creating' refunds); `settleRefund` applies what the
 * provider says — the ticket is refunded and its seat free only once it confirms. An order paid
 * without a provider payment (sold before orders existed) is refunded at once. A refund of a whole
 * late payment (no ticket, mark-paid.ts) mails the buyer once it succeeds; refused, the money must be
 * returned by hand, and the back office's orders say so (`needs_manual_refund`).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { RefundMethod } from '../../contract/constants';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema, type Tx } from '../../db';
import { write, type Change } from '../../effects';
import { AppError, conflict } from '../../lib/http/errors';
import { errorFields } from '../../lib/infra/operator-messages';
import { ProviderError, type ProviderRefund } from '../../payments/provider';
import { logAction, type Actor, WEB_SYSTEM } from './audit';
import { declineMessage } from './decline';
import { refundRefusal, ticketBecomes, ticketWas, type RefundActor } from '../tickets/lifecycle';
import { recordEaisOperations } from '../eais/ledger';
import { lockOrder, type OrderRow } from '../../db/order-lock';
import { isRefusedRefund, isSettledRefund, paymentBecomes, REFUND_TRANSITIONS, refundBecomes } from './lifecycle';
import { providerNamed } from './providers';
import { pushkinTicketIds } from '../pushkin';
import { receiptFor } from './receipt';

const { refunds, tickets, payments } = schema;

export interface RefundRequest {
  orderId: number;
  /** The lines to refund. */
  ticketIds: number[];
  actor: Actor;
  /** Whose refund rule applies (tickets/lifecycle.ts), checked under the order's lock. */
  refundAs: RefundActor;
  reason: string;
  /** Out of the till's drawer or back to the card on its terminal (settled at once), or through the provider (default). */
  method?: RefundMethod;
  /** The shift a refund at the counter counts to. */
  shiftId?: number | null;
  /** The moment the rule is asked at (the injected clock's now by default). */
  now?: Date;
  /**
   * In the refund's transaction, before anything is written: locks the shift it counts to (refusing a
   * closed one), as a sale does, so a refund racing the shift's close is counted in it or refused.
   */
  lockShift?: (tx: Tx) => Promise<void>;
}

/** Records one refund per line, refusing any line `refundRefusal` refuses (4xx). Answers the refund ids. */
export async function requestRefunds(
  ctx: AppContext,
  { orderId, ticketIds, actor, refundAs, reason, method = 'provider', shiftId = null, now, lockShift }: RefundRequest,
): Promise<number[]> {
  try {
    return await write(ctx, async (tx, changed) => {
      await lockShift?.(tx);
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('not_found', 'Заказ не найден');
      const lines = await tx.query.tickets.findMany({
        where: and(eq(tickets.orderId, orderId), inArray(tickets.id, ticketIds)),
        with: { session: true, refunds: true },
        orderBy: tickets.id,
      });
      for (const line of lines) {
        const refusal = refundRefusal({ ...line, order }, refundAs, now ?? ctx.clock.now());
        if (refusal) throw refusal;
      }
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, paymentBecomes('succeed'))));
      const rows = await tx
        .insert(refunds)
        .values(
          lines.map((line) => ({
            orderId,
            ticketId: line.id,
            paymentId: payment?.id ?? null,
            idempotenceKey: randomUUID(),
            status: refundBecomes('request'),
            amountKopecks: line.priceKopecks,
            reason,
            requestedBy: actor.userId,
            method,
            shiftId,
          })),
        )
        .returning({ id: refunds.id });
      await logAction(tx, orderId, 'refund_requested', actor, { reason, data: { tickets: lines.map((l) => l.id) } });
      // Cash out of the drawer or back to the card on the terminal: given back now, in the shift's lock.
      if (method !== 'provider') {
        for (const { id } of rows)
          await settleLocked(tx, changed, order, id, SETTLED_AT_COUNTER, now ?? ctx.clock.now());
      }
      return rows.map((r) => r.id);
    });
  } catch (err) {
    // The unique index allows one refund under way or done per line.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
      throw conflict('refund_pending', 'Возврат этого билета уже оформляется');
    throw err;
  }
}

/** Asks the provider for a recorded refund (or settles at once without one); repeatable. */
export async function executeRefund(ctx: AppContext, refundId: number): Promise<void> {
  const refund = await ctx.db.query.refunds.findFirst({
    where: eq(refunds.id, refundId),
    with: {
      payment: true,
      ticket: true,
      order: { with: { session: { with: { film: true } }, tickets: true } },
    },
  });
  if (!refund || refund.status !== refundBecomes('request')) return;
  // Cash and card at the counter, or an order paid without a provider payment: the money is given back now.
  if (refund.method !== 'provider' || !refund.payment?.providerPaymentId) {
    await settleRefund(ctx, refundId, {
      status: REFUND_TRANSITIONS.succeed.to,
      providerRefundId: null,
      cancellation: null,
    });
    return;
  }
  const lines = refund.ticket ? [refund.ticket] : refund.order.tickets;
  try {
    const answer = await providerNamed(ctx, refund.payment.provider).createRefund({
      paymentId: refund.payment.providerPaymentId,
      amountKopecks: refund.amountKopecks,
      description: `Возврат по заказу №${refund.orderId}`,
      // SBP at the counter: the cash register prints the return receipt (modules/fiscal), the provider none.
      ...(refund.order.paymentMethod !== 'sbp' && {
        receipt: receiptFor(refund.order.email ?? '', refund.order.session, lines),
      }),
      idempotenceKey: refund.idempotenceKey,
    });
    await applyProviderRefund(ctx, refundId, answer);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // Unknown outcome: left 'creating', reconciliation asks again with the same key.
    if (err.kind === 'unavailable') {
      ctx.logger.warn({ ...errorFields(err), refundId }, 'refund left for reconciliation: provider unavailable');
      return;
    }
    await settleRefund(ctx, refundId, {
      status: REFUND_TRANSITIONS.refuse.to,
      providerRefundId: null,
      cancellation: { party: 'yoo_kassa', reason: err.details.code ?? 'refused' },
    });
  }
}

/** What the provider answered (or later says) of a refund, applied to ours. */
export function applyProviderRefund(ctx: AppContext, refundId: number, answer: ProviderRefund): Promise<void> {
  return settleRefund(ctx, refundId, {
    status: answer.status,
    providerRefundId: answer.id,
    cancellation: answer.cancellation,
  });
}

/** A refund the provider names (a notification): fetched from it, then applied to ours if we know it. */
export async function applyProviderRefundById(ctx: AppContext, providerRefundId: string): Promise<void> {
  const [ours] = await ctx.db
    .select({ id: refunds.id, provider: schema.payments.provider })
    .from(refunds)
    .leftJoin(schema.payments, eq(schema.payments.id, refunds.paymentId))
    .where(eq(refunds.providerRefundId, providerRefundId));
  const answer = await providerNamed(ctx, ours?.provider).getRefund(providerRefundId);
  if (!ours) {
    ctx.logger.warn({ providerRefundId }, 'provider refund of no refund of ours');
    return;
  }
  await applyProviderRefund(ctx, ours.id, answer);
}

interface RefundState {
  status: ProviderRefund['status'];
  providerRefundId: string | null;
  cancellation: { party: string; reason: string } | null;
}

/** Records the refund's state; once succeeded, the line is refunded (its seat free, its owner told). */
async function settleRefund(ctx: AppContext, refundId: number, state: RefundState): Promise<void> {
  await write(ctx, async (tx, changed) => {
    // The order's lock first, as every order operation takes it (one lock order: no deadlock).
    const [owner] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    const order = owner ? await lockOrder(tx, owner.orderId) : undefined;
    await settleLocked(tx, changed, order, refundId, state, ctx.clock.now());
  });
}

const SETTLED_AT_COUNTER: RefundState = {
  status: REFUND_TRANSITIONS.succeed.to,
  providerRefundId: null,
  cancellation: null,
};

/** settleRefund's work, in a transaction that holds the order's lock. */
async function settleLocked(
  tx: Tx,
  changed: (change: Change) => void,
  order: OrderRow | undefined,
  refundId: number,
  state: RefundState,
  now: Date,
): Promise<void> {
  const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!current || isSettledRefund(current.status)) return;
  await tx
    .update(refunds)
    .set({
      status: state.status,
      providerRefundId: state.providerRefundId ?? current.providerRefundId,
      cancellationReason: state.cancellation?.reason ?? null,
      settledAt: state.status === refundBecomes('wait') ? null : now,
    })
    .where(eq(refunds.id, refundId));
  if (state.status === refundBecomes('wait')) return;
  if (isRefusedRefund(state.status)) {
    const refusal = declineMessage(state.cancellation?.reason);
    await logAction(tx, current.orderId, 'refund_refused', WEB_SYSTEM, {
      // A line's refund can be asked again (its ticket stays live); a late payment's has no ticket to keep.
      reason: current.ticketId ? refusal : `${refusal}. Деньги нужно вернуть вручную`,
      data: { refund_id: refundId },
    });
    if (order) {
      changed({
        what: 'orders',
        kind: 'refund-refused',
        orderId: order.id,
        userId: order.userId,
        sessionId: order.sessionId,
        ticketIds: current.ticketId ? [current.ticketId] : [],
        seats: [],
      });
    }
    return;
  }
  await logAction(tx, current.orderId, 'refunded', WEB_SYSTEM, {
    data: { refund_id: refundId, ...(current.ticketId ? { ticket_id: current.ticketId } : {}) },
  });
  if (!current.ticketId) {
    // A late payment went back (mark-paid.ts): now, and only now, the buyer is told so.
    if (order) {
      changed({
        what: 'orders',
        kind: 'late-refund',
        orderId: order.id,
        userId: order.userId,
        sessionId: order.sessionId,
        ticketIds: [],
        seats: [],
      });
    }
    return;
  }
  const [ticket] = await tx
    .update(tickets)
    .set({ status: ticketBecomes('refund'), refundedAt: now })
    .where(and(eq(tickets.id, current.ticketId), eq(tickets.status, ticketWas('refund'))))
    .returning();
  if (!ticket) return;
  await recordEaisOperations(tx, 'refund', [{ ticketId: ticket.id, sessionId: ticket.sessionId }], now);
  changed({
    what: 'tickets',
    kind: 'refunded',
    sessionId: ticket.sessionId,
    userId: ticket.userId,
    ticketIds: [ticket.id],
    seats: [ticket.seatNumber],
  });
  // A Pushkin card ticket's refund goes to the registry too.
  const pushkin = await pushkinTicketIds(tx, [ticket.id]);
  if (pushkin.length > 0) changed({ what: 'pushkin', action: 'refund', ticketIds: pushkin });
}
