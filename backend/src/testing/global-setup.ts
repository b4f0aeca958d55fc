/**
 * Vitest global setup for tests that need the database and Redis. Runs once per `vitest run`:
 * - Redis: REDIS_URL, or a private redis-server started here; each test file then uses its own key prefix.
 * - Database: a migrated template — a PGlite data dump on disk, or with DATABASE_URL a template
 *   database on that server — that each test file clones into a database of its own. The PGlite dump
 *   is kept in node_modules/.cache/kino-test under a hash of the migrations and PGlite's version, so
 *   a run (and each project of a run) migrates only when a migration changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDatabase } from '../db';
import { probeRedis, startEmbeddedRedis } from '../lib/infra/redis';
import { adminUrl, databaseUrlFor } from './postgres';
import './provided';

export default function setup(project: TestProject) {
  return prepare(project, process.env.DATABASE_URL || undefined);
}

/** The same services with the embedded database even when DATABASE_URL names a server (project backend-embedded). */
export function setupEmbedded(project: TestProject) {
  return prepare(project, undefined);
}

async function prepare(project: TestProject, databaseUrl: string | undefined) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-test-'));
  const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
  const redisUrl = process.env.REDIS_URL ?? embedded!.url;
  await probeRedis(redisUrl);

  let dbTemplate: string;
  let dropTemplate = async () => {};
  if (databaseUrl) {
    dbTemplate = `kino_tpl_${process.pid}_${Date.now()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`create database ${dbTemplate}`);
    const template = await openDatabase({ url: databaseUrlFor(databaseUrl, dbTemplate) });
    await template.migrate();
    await template.close();
    dropTemplate = async () => {
      await admin.query(`drop database if exists ${dbTemplate} with (force)`);
      await admin.end();
    };
  } else {
    dbTemplate = await pgliteTemplate();
  }

  project.provide('redisUrl', redisUrl);
  project.provide('dbTemplate', dbTemplate);
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    await dropTemplate();
    await embedded?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}

const CACHE_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'kino-test');

/** The migrated PGlite data dump: from the cache when the migrations are unchanged, else built and cached. */
async function pgliteTemplate(): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const hash = createHash('sha256').update(pgliteVersion());
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cached = path.join(CACHE_DIR, `template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(cached)) return cached;

  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = await PGlite.create({ extensions: { btree_gist } });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await client.close();
  // Written aside and renamed: projects starting together never read a half-written dump.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${cached}.${process.pid}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, cached);
  return cached;
}

function pgliteVersion(): string {
  const manifest = path.join(CACHE_DIR, '..', '..', '@electric-sql', 'pglite', 'package.json');
  return fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version : '';
}
