/**
 * Calling every declared endpoint in a test, whatever it is (the access matrix and the fuzz suite
 * are generated from the contract): params that name nothing, the role allowed to call, and a
 * fingerprint of the whole database (and of the deployment's Redis keys) to prove a refused call
 * wrote nothing.
 */
import { createHash } from 'node:crypto';
import { getTableName, isTable, sql } from 'drizzle-orm';
import { ACCESS, can, type StaffRole } from '../contract/access';
import type { Role } from '../contract/constants';
import type { Access } from '../contract/endpoint';
import { schema, type Db } from '../db';
import type { Redis } from '../lib/infra/redis';

export const STAFF_ROLES = Object.keys(ACCESS) as StaffRole[];

/** Params that name nothing: the largest id, or a word for other params. */
export const harmlessParams = (key: string): Record<string, string | number> =>
  Object.fromEntries([...key.matchAll(/:(\w+)/g)].map(([, name]) => [name!, name === 'queue' ? 'mail' : 2147483647]));

/** Who may make the call: nobody in particular (public), a viewer, or the first staff role the table allows. */
export function allowedRole(access: Access): Role | undefined {
  if (access.kind === 'public') return undefined;
  if (access.kind === 'signed-in') return 'customer';
  const role = STAFF_ROLES.find((r) => can(r, access.resource, access.action));
  if (!role) throw new Error(`No role may ${access.action} ${access.resource}`);
  return role;
}

export const TABLE_NAMES: readonly string[] = Object.values(schema)
  .filter((t) => isTable(t))
  .map((t) => getTableName(t));

/** Every table's row count and a checksum of its rows: `{ users: '3:9f…' }`. */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const query = TABLE_NAMES.map(
    (name) =>
      `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
  ).join(' union all ');
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: { name: string; sum: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
}

/** The tables whose fingerprint differs, leaving out those listed. */
export const changedTables = (
  before: Record<string, string>,
  after: Record<string, string>,
  except: readonly string[] = [],
): string[] => TABLE_NAMES.filter((name) => before[name] !== after[name] && !except.includes(name));

/** Every Redis key under the prefix with a checksum of its value: `{ 'kino-test:…:seats:1:meta': '9f…' }`. */
export async function redisFingerprint(redis: Redis, prefix: string): Promise<Record<string, string>> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const values = await Promise.all(keys.sort().map((key) => redis.dumpBuffer(key)));
  return Object.fromEntries(
    keys.map((key, i) => [
      key,
      createHash('md5')
        .update(values[i] ?? '')
        .digest('hex'),
    ]),
  );
}
