/**
 * Whose shifts a staff member sees: with 'list' on shifts (managers, the admin) every shift; without it
 * (cashiers) their own only — another's is answered as no shift at all.
 */
import { can } from '../../contract/access';
import type { AuthUser } from '../auth/tokens';

export const seesAllShifts = (user: Pick<AuthUser, 'role'>) => can(user.role, 'shifts', 'list');

export const maySeeShift = (user: Pick<AuthUser, 'id' | 'role'>, shift: { cashierId: number }) =>
  shift.cashierId === user.id || seesAllShifts(user);
