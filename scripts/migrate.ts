/**
 * `npm run migrate` (production: `node scripts/dist/migrate.js`, compose's one-shot `migrate`
 * service): applies the committed migrations to the configured database and exits. Needs no Redis.
 * API processes also migrate at start-up (serialized by an advisory lock), so this is the step
 * that makes a schema change happen once, before the new release takes traffic.
 */
import path from 'node:path';
import { loadConfig } from '@kino/backend/config';
import { openDatabase } from '@kino/backend/db';
import { createLogger } from '@kino/backend/lib/infra/logger';
import { exitWithReason } from './start';

try {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    logger.info({ driver: database.driver }, 'migrations applied');
  } finally {
    await database.close();
  }
} catch (err) {
  exitWithReason(err, 'Migration failed.');
}
