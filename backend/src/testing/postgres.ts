/** Helpers for per-test databases on a PostgreSQL server. */

/** The same server and credentials, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection for CREATE/DROP DATABASE: the maintenance database `postgres` of the same server. */
export const adminUrl = (url: string) => databaseUrlFor(url, 'postgres');
