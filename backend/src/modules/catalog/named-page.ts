/**
 * The back office's tables of named things (genres, countries, halls): one page, `q` searching the
 * name, in the order the public lists use. One helper for the three, so their tables page alike.
 */
import { asc } from 'drizzle-orm';
import type { StaffPageQuery } from '../../contract/common';
import type { AppContext } from '../../context';
import { type schema } from '../../db';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';

type NamedTable = typeof schema.genres | typeof schema.countries | typeof schema.halls;

export function namedPage<T extends NamedTable, R>(
  ctx: Pick<AppContext, 'db'>,
  table: T,
  query: StaffPageQuery,
  present: (row: T['$inferSelect']) => R,
  orderBy: 'name' | 'id',
): Promise<Page<R>> {
  const where = searchCondition(query.q, table.name);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select()
        .from(table as typeof schema.genres)
        .where(where)
        .orderBy(asc(orderBy === 'name' ? table.name : table.id), asc(table.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => present(row as T['$inferSelect']));
    },
    () => ctx.db.$count(table, where),
  );
}
