/**
 * Genres and countries by name, inside the import's transaction: a name we know in any case
 * ('Драма' for Kinopoisk's 'драма') is that row; a new one is created. The unique index on
 * lower(name) makes two imports creating the same new genre at once end with one row: the second
 * insert waits for the first to commit and then does nothing, and the select that follows sees it.
 */
import { sql } from 'drizzle-orm';
import { schema, type Tx } from '../../../db';

type NamedTable = typeof schema.genres | typeof schema.countries;

/** The ids of `names` (already distinct, see distinctNames), in their order. */
export async function idsByName(tx: Tx, table: NamedTable, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  // One lock order for every import, so two imports adding the same new names cannot deadlock.
  const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  await tx
    .insert(table)
    .values(sorted.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(
      sql`lower(${table.name}) in (${sql.join(
        names.map((n) => sql`lower(${n})`),
        sql`, `,
      )})`,
    );
  const idOf = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return names.map((name) => {
    const id = idOf.get(name.toLowerCase());
    if (id === undefined)
      throw new Error(`${table === schema.genres ? 'genre' : 'country'} "${name}" missing after insert`);
    return id;
  });
}
