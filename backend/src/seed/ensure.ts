/**
 * The seed's one idempotency rule: a row is identified by a natural key (email, name, title) and
 * is created only when no row has that key; rows that exist are left exactly as they are.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type schema, type Db } from '../db';

type KeyedTable =
  | typeof schema.users
  | typeof schema.genres
  | typeof schema.countries
  | typeof schema.halls
  | typeof schema.persons
  | typeof schema.films
  | typeof schema.news
  | typeof schema.promotions;

export interface Ensured<TItem> {
  /** The id of an item's row, whether created now or found. */
  idOf(item: TItem): number;
  /** The items created by this call, with their new ids (their child rows are still to be written). */
  created: { item: TItem; id: number }[];
}

/**
 * Inserts the rows of the items (with distinct keys) whose key is not in `keyColumn` yet.
 * @param toRows builds the rows of the missing items (called once, only when some are missing)
 */
export async function ensureByKey<TTable extends KeyedTable, TItem>(
  db: Db,
  table: TTable,
  keyColumn: PgColumn,
  items: readonly TItem[],
  keyOf: (item: TItem) => string,
  toRows: (missing: TItem[]) => TTable['$inferInsert'][] | Promise<TTable['$inferInsert'][]>,
): Promise<Ensured<TItem>> {
  const keys = items.map(keyOf);
  const lookup = async () => {
    const rows = await db
      .select({ id: table.id, key: keyColumn })
      .from(table as KeyedTable)
      .where(inArray(keyColumn, keys));
    return new Map(rows.map((r) => [String(r.key), r.id]));
  };
  let ids = await lookup();
  const missing = items.filter((item) => !ids.has(keyOf(item)));
  if (missing.length > 0) {
    await db.insert(table as KeyedTable).values((await toRows(missing)) as never);
    ids = await lookup();
  }
  const idOf = (item: TItem) => ids.get(keyOf(item))!;
  return { idOf, created: missing.map((item) => ({ item, id: idOf(item) })) };
}
