/**
 * GET /api/shifts: the shifts table, newest first — a cashier's own, or every shift for those who see all
 * (managers, the admin); opened within a period of the cinema's calendar, open or closed, a search over the
 * cashier's name and the till.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm';
import type { ShiftListQuery, ShiftView } from '../../contract/till';
import { addDays, fromCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import type { AuthUser } from '../../lib/http/auth-user';
import { seesAllShifts } from './access';
import { presentShifts } from './queries';

const { shifts, users } = schema;

export function listShifts(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<AuthUser, 'id' | 'role'>,
  query: ShiftListQuery,
): Promise<Page<ShiftView>> {
  const where = and(
    seesAllShifts(user) ? undefined : eq(shifts.cashierId, user.id),
    query.status === 'open' ? isNull(shifts.closedAt) : undefined,
    query.status === 'closed' ? isNotNull(shifts.closedAt) : undefined,
    query.from ? gte(shifts.openedAt, fromCinemaTime(`${query.from} 00:00`)) : undefined,
    query.to ? lt(shifts.openedAt, fromCinemaTime(`${addDays(query.to, 1)} 00:00`)) : undefined,
    searchCondition(query.q, users.fio, shifts.till),
  );
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select({ shift: shifts })
        .from(shifts)
        .innerJoin(users, eq(users.id, shifts.cashierId))
        .where(where)
        .orderBy(desc(shifts.openedAt), desc(shifts.id))
        .limit(limit)
        .offset(offset);
      return presentShifts(
        ctx.db,
        rows.map((r) => r.shift),
      );
    },
    async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(shifts)
        .innerJoin(users, eq(users.id, shifts.cashierId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}
