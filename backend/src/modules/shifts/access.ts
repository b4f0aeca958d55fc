/**
 * Whose shifts a staff member sees: with 'list' on shifts (managers, the admin) every shift; without it
 * (cashiers) their own only — another's is answered as no shift at all.
 */
import { eq } from 'drizzle-orm';
import { can } from '../../contract/access';
import type { Db } from '../../db';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import type { ShiftRow } from './queries';

export const seesAllShifts = (user: Pick<AuthUser, 'role'>) => can(user.role, 'shifts', 'list');

export const maySeeShift = (user: Pick<AuthUser, 'id' | 'role'>, shift: { cashierId: number }) =>
  shift.cashierId === user.id || seesAllShifts(user);

/** The shift if this staff member may see it; 404 otherwise, as for a shift that does not exist. */
export async function visibleShift(db: Db, user: Pick<AuthUser, 'id' | 'role'>, shiftId: number): Promise<ShiftRow> {
  const [shift] = await db.select().from(schema.shifts).where(eq(schema.shifts.id, shiftId));
  if (!shift || !maySeeShift(user, shift)) throw notFound('Смена не найдена');
  return shift;
}
