/**
 * The column helpers every file of the schema shares: `createdAt`, `updatedAt` and `inList` (a check that a
 * column holds one of a list of values, the lists being the contract's constants). index.ts does not
 * re-export them: they make columns, they are not tables.
 */
import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When a public page's own row was last edited: the sitemap's lastmod. Set by every update through drizzle. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const inList = (column: string, values: readonly (string | number)[]) =>
  sql.raw(`${column} in (${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(', ')})`);
