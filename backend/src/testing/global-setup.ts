/**
 * Vitest global setup for tests that need the database and Redis. Runs once per `vitest run`:
 * - Redis: REDIS_URL, or a private redis-server started here; each test file then uses its own key prefix.
 * - Database: a migrated template — a PGlite data dump on disk, or with DATABASE_URL a template
 *   database on that server — that each test file clones into a database of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db';
import { probeRedis, startEmbeddedRedis } from '../lib/infra/redis';
import { adminUrl, databaseUrlFor } from './postgres';
import './provided';

export default async function setup(project: TestProject) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-test-'));
  const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
  const redisUrl = process.env.REDIS_URL ?? embedded!.url;
  await probeRedis(redisUrl);

  const databaseUrl = process.env.DATABASE_URL || undefined;
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
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { MIGRATIONS_DIR } = await import('../db');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    const client = await PGlite.create({ extensions: { btree_gist } });
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    dbTemplate = path.join(tmp, 'template.tar');
    fs.writeFileSync(dbTemplate, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
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
