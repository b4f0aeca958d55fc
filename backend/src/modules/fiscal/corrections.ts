/**
 * Sales taken without a receipt (the register down and a manager's override with a reason, or an SBP payment
 * the register did not print) are queued for a correction receipt (`sellCorrection`, correctionType self:
 * REGISTRIES.md §1.7), and so are counter refunds through the provider whose return receipt it did not print
 * (`sellReturnCorrection`); each is listed until it is issued on the register's open shift. So is a receipt the
 * register printed after all for a sale or refund that was refused (follow-up.ts), until the receipt undoing it is.
 */
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FiscalCorrection } from '../../contract/fiscal';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError, conflict, notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import type { FiscalTask } from '../../fiscal/driver';
import { refusalMessage } from './messages';
import { fiscalParamsOf, RegisterUnanswered, resumeOperation, runOnRegister } from './operations';
import { fiscalise, isRegisterError } from './sale';
import { fiscalDataOf } from './receipt';
import { operatorOf } from './shift';

const { fiscalCorrections: corrections, fiscalOperations: ops, users } = schema;

interface Unreceipted {
  orderId: number;
  /** A return's: the refund whose return receipt it is. */
  refundId?: number;
  task: FiscalTask;
  reason: string;
  requestedBy: number;
}

/** Queues an order sold (or a refund made) without its receipt. */
export async function queueCorrection(
  ctx: Pick<AppContext, 'db'>,
  { orderId, refundId, task, reason, requestedBy }: Unreceipted,
) {
  await ctx.db.insert(corrections).values({ orderId, refundId: refundId ?? null, task, reason, requestedBy });
}

/**
 * The receipt of money the provider already took or gave back (SBP at the counter), which the register
 * cannot undo: a refusal queues a correction receipt. A task the register did not answer may have been
 * printed, so it is followed by its uuid first (REGISTRIES.md §1.8) and queued only when the register
 * refused it or still does not say (issueCorrection then asks it again before printing anything).
 * Answers the receipt's operation id, or null when queued.
 */
export async function receiptOrCorrection(
  ctx: AppContext,
  shiftId: number,
  { reason, ...queued }: Unreceipted,
): Promise<string | null> {
  let failure: unknown;
  try {
    return (await fiscalise(ctx, shiftId, queued.task, { orderId: queued.orderId, refundId: queued.refundId })).id;
  } catch (err) {
    if (!isRegisterError(err)) throw err;
    failure = err;
  }
  let why = (failure as Error).message;
  if (failure instanceof RegisterUnanswered) {
    const followed = await resumeOperation(ctx, failure.operationId);
    if (followed.status === 'ready') return failure.operationId;
    if (followed.status === 'error') why = refusalMessage(followed.code, followed.description);
  }
  ctx.logger.warn({ orderId: queued.orderId, refundId: queued.refundId }, 'a receipt is queued for a correction');
  await queueCorrection(ctx, { ...queued, reason: `${reason}: ${why}` });
  return null;
}

async function present(ctx: Pick<AppContext, 'db'>, rows: (typeof corrections.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const [people, issued] = await Promise.all([
    ctx.db
      .select({ id: users.id, fio: users.fio })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.requestedBy),
        ),
      ),
    ctx.db
      .select({ id: ops.id, result: ops.result })
      .from(ops)
      .where(
        inArray(
          ops.id,
          rows.flatMap((r) => (r.operationId ? [r.operationId] : [])),
        ),
      ),
  ]);
  const fioOf = new Map(people.map((p) => [p.id, p.fio]));
  const resultOf = new Map(issued.map((o) => [o.id, o.result as Record<string, unknown>]));
  return rows.map((row): FiscalCorrection => ({
    id: row.id,
    kind: (row.task as FiscalTask).type === 'sellReturn' ? 'return' : 'sale',
    order_id: row.orderId,
    // The receipt's own total: the order's for a sale, the refunded tickets' for a return.
    total: Number((row.task as FiscalTask).total),
    reason: row.reason,
    requested_by: { id: row.requestedBy, fio: fioOf.get(row.requestedBy) ?? '' },
    created_at: toCinemaTime(row.createdAt),
    fiscal: row.operationId ? fiscalDataOf(fiscalParamsOf(resultOf.get(row.operationId)!)) : null,
  }));
}

/** The corrections still to be issued, oldest first. */
export async function pendingCorrections(ctx: Pick<AppContext, 'db'>): Promise<FiscalCorrection[]> {
  const rows = await ctx.db
    .select()
    .from(corrections)
    .where(isNull(corrections.issuedAt))
    .orderBy(asc(corrections.createdAt), asc(corrections.id));
  return present(ctx, rows);
}

/** Whether an order's sale waits for its correction receipt. */
export async function correctionPending(ctx: Pick<AppContext, 'db'>, orderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ issuedAt: corrections.issuedAt })
    .from(corrections)
    .where(and(eq(corrections.orderId, orderId), isNull(corrections.refundId), isNull(corrections.strayOperationId)));
  return row !== undefined && row.issuedAt === null;
}

/**
 * The receipt the register was sent for what the correction stands for and did not answer at the time, if
 * any: still `sent`, or found `ready` since (follow-up.ts).
 */
async function unansweredOriginal(ctx: Pick<AppContext, 'db'>, row: typeof corrections.$inferSelect) {
  if (row.orderId === null || row.strayOperationId !== null) return undefined;
  const [op] = await ctx.db
    .select({ id: ops.id })
    .from(ops)
    .where(
      and(
        eq(ops.orderId, row.orderId),
        eq(ops.kind, (row.task as FiscalTask).type),
        ne(ops.status, 'error'),
        row.refundId === null ? isNull(ops.refundId) : eq(ops.refundId, row.refundId),
      ),
    )
    .orderBy(desc(ops.createdAt))
    .limit(1);
  return op;
}

/** Issues the correction receipt on the register's open shift (`shiftId`: the staff member's, if they have one). */
export async function issueCorrection(
  ctx: AppContext,
  id: number,
  staff: AuthUser,
  shiftId: number | null,
): Promise<FiscalCorrection> {
  const [row] = await ctx.db.select().from(corrections).where(eq(corrections.id, id));
  if (!row) throw notFound('Чек коррекции не найден');
  if (row.issuedAt) throw conflict('conflict', 'Чек коррекции уже пробит');
  const sold = row.task as FiscalTask;
  // The register may have printed the receipt after all (REGISTRIES.md §1.8): asked by its uuid first.
  const original = await unansweredOriginal(ctx, row);
  if (original) {
    const followed = await resumeOperation(ctx, original.id);
    if (followed.status === 'unknown') {
      throw new AppError(
        'register_unavailable',
        'Касса (ККТ) так и не ответила, напечатан ли исходный чек: проверьте последний документ на кассе и повторите',
      );
    }
    if (followed.status === 'ready') return settleCorrection(ctx, id, original.id);
  }
  const { id: operationId } = await runOnRegister(
    ctx,
    {
      ...sold,
      type: sold.type === 'sellReturn' ? 'sellReturnCorrection' : 'sellCorrection',
      operator: operatorOf(staff),
      correctionType: 'self',
      correctionBaseDate: toCinemaTime(row.createdAt).slice(0, 10).replaceAll('-', '.'),
      correctionBaseNumber: '',
    },
    { shiftId, orderId: row.orderId, refundId: row.refundId },
  );
  return settleCorrection(ctx, id, operationId);
}

/** The correction is done: by its correction receipt, or by the original receipt the register did print. */
export async function settleCorrection(ctx: Pick<AppContext, 'db' | 'clock'>, id: number, operationId: string) {
  const [issued] = await ctx.db
    .update(corrections)
    .set({ operationId, issuedAt: ctx.clock.now() })
    .where(eq(corrections.id, id))
    .returning();
  return (await present(ctx, [issued!]))[0]!;
}
