/**
 * One page of a staff table (`{data, total, last_page}`): the rows of the page and the count of
 * all rows, asked together. A page past the end is empty; last_page is at least 1.
 */
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface PageQuery {
  page: number;
  per_page: number;
}

export interface Page<T> {
  data: T[];
  total: number;
  last_page: number;
}

export async function paginate<T>(
  { page, per_page }: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const [data, total] = await Promise.all([rows(per_page, (page - 1) * per_page), count()]);
  return { data, total, last_page: Math.max(1, Math.ceil(total / per_page)) };
}

/** `q` as a case-insensitive "contains" over these columns (% and _ in `q` are literal); none without `q`. */
export function searchCondition(q: string | undefined, ...columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
