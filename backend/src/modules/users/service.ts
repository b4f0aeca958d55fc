/** The back office's accounts: the list, and the admin's role change. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import type { StaffPageQuery } from '../../contract/common';
import type { UserRow } from '../../contract/users';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { conflict, notFound } from '../../lib/http/errors';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import { presentUserRow } from './presenter';

const { users } = schema;

export function listUsers(ctx: Pick<AppContext, 'db'>, query: StaffPageQuery): Promise<Page<UserRow>> {
  const where = searchCondition(query.q, users.fio, users.email);
  return paginate(
    query,
    async (limit, offset) =>
      (await ctx.db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset)).map(
        presentUserRow,
      ),
    () => ctx.db.$count(users, where),
  );
}

/** Every role change waits for the one before it: "is this the last admin?" is then a settled question. */
const ROLE_CHANGE_LOCK = 72_727_301;

/**
 * Gives a user a role. The last main administrator cannot be demoted (409): changes are serialised
 * by a transaction lock, so two admins demoting each other at once cannot both succeed. The change
 * counts from the user's next request (their token carries no role) and their open pages learn it.
 */
export async function changeRole(ctx: AppContext, userId: number, role: Role): Promise<UserRow> {
  return write(ctx, async (tx, changed) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('Пользователь не найден');
    if (user.role === role) return presentUserRow(user);
    if (user.role === 'admin') {
      if ((await tx.$count(users, eq(users.role, 'admin'))) <= 1) {
        throw conflict('conflict', 'Нельзя снять роль с последнего главного администратора', {
          fields: { role: 'Это последний главный администратор' },
        });
      }
    }
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
    changed({ what: 'users', change: 'role', id: userId });
    return presentUserRow(updated!);
  });
}

/** A staff member's INN (the register's operator from their next document on). */
export async function setInn(ctx: AppContext, userId: number, inn: string | null): Promise<UserRow> {
  const [updated] = await ctx.db.update(users).set({ inn }).where(eq(users.id, userId)).returning();
  if (!updated) throw notFound('Пользователь не найден');
  return presentUserRow(updated);
}
