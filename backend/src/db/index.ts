/**
 * The one database module. No DATABASE_URL → embedded PGlite with its files under data/;
 * DATABASE_URL=postgres://… → a `pg` pool. Same schema, migrations and queries on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { describeError, redactUrl } from '../lib/infra/operator-messages';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent; serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', '..', 'drizzle');

/** A database that cannot be reached or opened: the message says which and why, without a stack. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory of the embedded database; in-memory when absent. */
  dataDir?: string;
  /** A PGlite data directory dump (tar) to start from, used by tests to clone a migrated template. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options);
}

/**
 * The embedded PostgreSQL's memory settings. PGlite keeps PostgreSQL's defaults (shared_buffers 128 MB,
 * maintenance_work_mem 64 MB), and its WebAssembly heap — which never shrinks — takes them up front: an
 * opened database held 290 MB, 160 MB with these (docs/benchmarks.md, "The demo's memory"). A cinema's data
 * is tens of megabytes and the files stay in the operating system's cache, so smaller buffers cost little.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

async function openPglite({ dataDir, loadDataDir }: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { btree_gist },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (err) {
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in ${dataDir ?? 'memory'}: ${describeError(err)}. ` +
        'Is another Kino process using the same data directory?',
    );
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process; queries report the failure.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${describeError(err)}`);
  }
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        // Several API processes may start together: one migrates, the others wait for it.
        await client.query('select pg_advisory_lock(727274)');
        await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** The PostgreSQL error code of a failed query (Drizzle wraps driver errors: the code is on the cause). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export { isDatabaseUnavailable } from '../lib/infra/database-errors';

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
export const PG_EXCLUSION_VIOLATION = '23P01';
