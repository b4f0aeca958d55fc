/**
 * A shift closes with the cash counted in the drawer: the expected cash (float + cash sales − cash
 * refunds) is fixed with it, under the shift's row lock, so a sale racing the close is counted or refused.
 * The register's shift closes first (its Z-report, modules/fiscal): a register that refuses keeps the
 * shift open, to be closed again once the cashier has fixed what the message says.
 */
import { eq } from 'drizzle-orm';
import { kopecksOf } from '../../contract/money';
import type { ShiftView } from '../../contract/till';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict, notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import { closeRegisterShift } from '../fiscal/shift';
import { maySeeShift } from './access';
import { presentShift, shiftFigures } from './queries';

const { shifts } = schema;

export async function closeShift(
  ctx: AppContext,
  shiftId: number,
  staff: AuthUser,
  counted: number,
): Promise<ShiftView> {
  const [open] = await ctx.db.select().from(shifts).where(eq(shifts.id, shiftId));
  if (open && maySeeShift(staff, open) && !open.closedAt) await closeRegisterShift(ctx, shiftId, staff);
  const closed = await ctx.db.transaction(async (tx) => {
    const [shift] = await tx.select().from(shifts).where(eq(shifts.id, shiftId)).for('update');
    if (!shift || !maySeeShift(staff, shift)) throw notFound('Смена не найдена');
    if (shift.closedAt) throw conflict('shift_closed', 'Смена уже закрыта');
    const { expectedKopecks } = await shiftFigures(tx, shift);
    const [row] = await tx
      .update(shifts)
      .set({ closedAt: ctx.clock.now(), closedBy: staff.id, countedKopecks: kopecksOf(counted), expectedKopecks })
      .where(eq(shifts.id, shiftId))
      .returning();
    return row!;
  });
  return presentShift(ctx.db, closed);
}
