/**
 * The follow-up of tasks the register never answered (REGISTRIES.md §1.8, "Lost answer"; docs/architecture.md
 * "The cash register"): every minute (the workers' `fiscal.follow-up`) each operation still `sent` once
 * ATOL_TIMEOUT_SECONDS have passed is read back by its uuid, never posted again. `error` (or a uuid the register
 * never got): nothing was printed, done. `ready`: if it was a cash or card sale (or a counter refund's return)
 * the cashier was refused, the receipt stands with no sale (or refund) made of it, and the receipt that undoes
 * it is queued in the corrections list for staff to issue; a pending correction the register had in fact
 * printed the original of is settled by it. Still no word: asked again next minute, and logged as an error
 * once a day old, for a person to check the register's last documents.
 */
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import type { FiscalTask } from '../../fiscal/driver';
import { settleCorrection } from './corrections';
import { resumeOperation } from './operations';

const { fiscalOperations: ops, fiscalCorrections: corrections, shifts } = schema;

/** Why a receipt printed for a refused sale is listed. */
export const STRAY_SALE = 'Чек пробит, но продажа не состоялась: оформите чек возврата';
/** Why a return receipt printed for a refused counter refund is listed. */
export const STRAY_RETURN = 'Чек возврата пробит, но возврат не состоялся: оформите чек коррекции прихода';
/** How long the register may not say how a task ended before a person is asked to check it. */
export const UNKNOWN_OPERATION_HOURS = 24;

export interface FollowUpResult {
  ready: string[];
  error: string[];
  unknown: string[];
  /** Ready receipts with nothing made of them: queued for the receipt that undoes them. */
  stray: string[];
}

type Operation = typeof ops.$inferSelect;

/**
 * A printed receipt with no sale or refund of its own: a `sell` no order was made with (the till refused the
 * sale), or a counter refund's `sellReturn` no refund was made with. (A `sellReturn` with no order is the
 * till's own return of a receipt whose sale failed: nothing to undo.)
 */
const isStray = (op: Operation) =>
  (op.kind === 'sell' && op.orderId === null) ||
  (op.kind === 'sellReturn' && op.orderId !== null && op.refundId === null);

/** Queues the receipt that undoes a stray one: a return of the sale, or the income of the refund that never was. */
async function queueStray(ctx: Pick<AppContext, 'db' | 'logger'>, op: Operation) {
  const [shift] = op.shiftId ? await ctx.db.select().from(shifts).where(eq(shifts.id, op.shiftId)) : [];
  if (!shift) {
    ctx.logger.error(
      { operation: op.id },
      'a receipt was printed with nothing made of it, and no shift names a cashier',
    );
    return;
  }
  const task = op.task as FiscalTask;
  const sale = op.kind === 'sell';
  ctx.logger.error({ operation: op.id, orderId: op.orderId }, 'a receipt was printed with nothing made of it');
  await ctx.db
    .insert(corrections)
    .values({
      orderId: op.orderId,
      strayOperationId: op.id,
      task: { ...task, type: sale ? 'sellReturn' : 'sell' },
      reason: sale ? STRAY_SALE : STRAY_RETURN,
      requestedBy: shift.cashierId,
    })
    .onConflictDoNothing();
}

/** A pending correction of the order (or refund) this printed receipt stands for is settled by it. */
async function settleWaiting(ctx: Pick<AppContext, 'db' | 'clock'>, op: Operation) {
  if (op.orderId === null) return;
  const [waiting] = await ctx.db
    .select({ id: corrections.id, task: corrections.task })
    .from(corrections)
    .where(
      and(
        eq(corrections.orderId, op.orderId),
        op.refundId === null ? isNull(corrections.refundId) : eq(corrections.refundId, op.refundId),
        isNull(corrections.strayOperationId),
        isNull(corrections.issuedAt),
      ),
    );
  if (!waiting) return;
  const type = (waiting.task as FiscalTask).type;
  if (op.kind === type || op.kind === `${type}Correction`) await settleCorrection(ctx, waiting.id, op.id);
}

/** Follows every operation the register has not answered for ATOL_TIMEOUT_SECONDS (by the context's clock). */
export async function followUnansweredOperations(ctx: AppContext): Promise<FollowUpResult> {
  const now = ctx.clock.now().getTime();
  const due = await ctx.db
    .select()
    .from(ops)
    .where(and(eq(ops.status, 'sent'), lt(ops.createdAt, new Date(now - ctx.config.fiscal.timeoutMs))))
    .orderBy(asc(ops.createdAt));
  const result: FollowUpResult = { ready: [], error: [], unknown: [], stray: [] };
  for (const op of due) {
    const followed = await resumeOperation(ctx, op.id, false);
    result[followed.status].push(op.id);
    if (followed.status === 'ready') {
      // Read again: a manager's override sale links its operation to its order just after the register's silence.
      const [now] = await ctx.db.select().from(ops).where(eq(ops.id, op.id));
      if (isStray(now!)) {
        await queueStray(ctx, now!);
        result.stray.push(op.id);
      } else {
        await settleWaiting(ctx, now!);
      }
    } else if (followed.status === 'unknown' && now - op.createdAt.getTime() >= UNKNOWN_OPERATION_HOURS * 3600_000) {
      ctx.logger.error(
        { operation: op.id, type: op.kind, orderId: op.orderId, since: op.createdAt },
        'the cash register has not said for a day whether it printed a task: check its last documents',
      );
    }
  }
  return result;
}
