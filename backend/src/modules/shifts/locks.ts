/**
 * The shift's row lock (docs/architecture.md, "Which lock guards what"): a sale or a refund at the counter
 * share-locks the shift it counts to, in its own transaction; the close locks it for update while it fixes
 * the expected cash. So money in or out of a drawer is counted in its shift, or refused once it closed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Tx } from '../../db';
import { conflict } from '../../lib/http/errors';

export const noOpenShift = () =>
  conflict('no_open_shift', 'Откройте смену: без открытой смены касса не продаёт и не возвращает');

/** Share-locks the shift until the transaction ends; a closed one is refused (409 no_open_shift). */
export async function shareLockOpenShift(tx: Tx, shiftId: number): Promise<void> {
  const [open] = await tx
    .select({ id: schema.shifts.id })
    .from(schema.shifts)
    .where(and(eq(schema.shifts.id, shiftId), isNull(schema.shifts.closedAt)))
    .for('share');
  if (!open) throw noOpenShift();
}
