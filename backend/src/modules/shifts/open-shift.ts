/**
 * A cashier opens a shift at a till with the float in the drawer. One open shift per cashier and one per
 * till (the database's unique indexes decide a race): a second is a 409 naming the open one. The
 * register's shift opens with it (modules/fiscal); a register that refuses leaves no shift open.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_TILL } from '../../contract/constants';
import { kopecksOf } from '../../contract/money';
import type { ShiftOpenBody, ShiftView } from '../../contract/till';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_UNIQUE_VIOLATION, schema } from '../../db';
import { conflict } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import { openRegisterShift } from '../fiscal/shift';
import { openShiftOf, presentShift } from './queries';

const { shifts } = schema;

export async function openShift(ctx: AppContext, cashier: AuthUser, body: ShiftOpenBody): Promise<ShiftView> {
  const till = body.till ?? DEFAULT_TILL;
  const own = await openShiftOf(ctx.db, cashier.id);
  if (own) throw conflict('shift_open', `У вас уже открыта смена в кассе «${own.till}»`, { shift_id: own.id });
  let shift: typeof shifts.$inferSelect;
  try {
    [shift] = (await ctx.db
      .insert(shifts)
      .values({ cashierId: cashier.id, till, floatKopecks: kopecksOf(body.float) })
      .returning()) as [typeof shifts.$inferSelect];
  } catch (err) {
    if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION) throw err;
    const [busy] = await ctx.db
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.till, till), isNull(shifts.closedAt)));
    throw conflict('shift_open', `В кассе «${till}» уже открыта смена другого кассира`, { shift_id: busy?.id ?? null });
  }
  try {
    await openRegisterShift(ctx, shift.id, cashier);
  } catch (err) {
    // The register's answers stay on record, without the shift that never opened.
    await ctx.db
      .update(schema.fiscalOperations)
      .set({ shiftId: null })
      .where(eq(schema.fiscalOperations.shiftId, shift.id));
    await ctx.db.delete(shifts).where(eq(shifts.id, shift.id));
    throw err;
  }
  return presentShift(ctx.db, shift);
}
