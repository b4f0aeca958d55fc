/**
 * Sales taken without a receipt (the register down and a manager's override with a reason) are queued for a
 * correction receipt (`sellCorrection`, correctionType self: REGISTRIES.md §1.7) and listed until one is
 * issued on the register's open shift.
 */
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FiscalCorrection } from '../../contract/fiscal';
import { roublesOf } from '../../contract/money';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict, notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import type { FiscalTask } from '../../fiscal/driver';
import { fiscalParamsOf, runOnRegister } from './operations';
import { fiscalDataOf } from './receipt';
import { operatorOf } from './shift';

const { fiscalCorrections: corrections, fiscalOperations: ops, orders, users } = schema;

/** Queues an order sold without its receipt. */
export async function queueCorrection(
  ctx: Pick<AppContext, 'db'>,
  { orderId, task, reason, requestedBy }: { orderId: number; task: FiscalTask; reason: string; requestedBy: number },
) {
  await ctx.db.insert(corrections).values({ orderId, task, reason, requestedBy });
}

async function present(ctx: Pick<AppContext, 'db'>, rows: (typeof corrections.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const [totals, people, issued] = await Promise.all([
    ctx.db
      .select({ id: orders.id, total: orders.totalKopecks })
      .from(orders)
      .where(
        inArray(
          orders.id,
          rows.map((r) => r.orderId),
        ),
      ),
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
  const totalOf = new Map(totals.map((t) => [t.id, t.total]));
  const fioOf = new Map(people.map((p) => [p.id, p.fio]));
  const resultOf = new Map(issued.map((o) => [o.id, o.result as Record<string, unknown>]));
  return rows.map((row): FiscalCorrection => ({
    id: row.id,
    order_id: row.orderId,
    total: roublesOf(totalOf.get(row.orderId) ?? 0),
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

/** Whether an order waits for its correction receipt. */
export async function correctionPending(ctx: Pick<AppContext, 'db'>, orderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ issuedAt: corrections.issuedAt })
    .from(corrections)
    .where(eq(corrections.orderId, orderId));
  return row !== undefined && row.issuedAt === null;
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
  const { id: operationId } = await runOnRegister(
    ctx,
    {
      ...sold,
      type: 'sellCorrection',
      operator: operatorOf(staff),
      correctionType: 'self',
      correctionBaseDate: toCinemaTime(row.createdAt).slice(0, 10).replaceAll('-', '.'),
      correctionBaseNumber: '',
    },
    { shiftId, orderId: row.orderId },
  );
  const [issued] = await ctx.db
    .update(corrections)
    .set({ operationId, issuedAt: ctx.clock.now() })
    .where(eq(corrections.id, id))
    .returning();
  return (await present(ctx, [issued!]))[0]!;
}
