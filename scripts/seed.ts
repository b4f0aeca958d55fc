/**
 * `npm run seed`: fills the configured database with the demo cinema (idempotent) and copies the
 * demo artwork into the storage folder. Needs no Redis.
 */
import path from 'node:path';
import { loadConfig } from '@kino/backend/config';
import { setCinemaTimeZone } from '@kino/backend/contract';
import { openDatabase } from '@kino/backend/db';
import { describeDemoAccounts, seed } from '@kino/backend/seed';
import { exitWithReason } from './start';

try {
  const config = loadConfig();
  setCinemaTimeZone(config.cinemaTimeZone);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const created = await seed({ db: database.db, storageDir: config.storageDir });
    const added = Object.entries(created).filter(([, n]) => n > 0);
    console.log(
      added.length === 0
        ? '\nDemo data is already in place.'
        : `\nDemo data added: ${added.map(([kind, n]) => `${n} ${kind}`).join(', ')}.`,
    );
    console.log(describeDemoAccounts());
  } finally {
    await database.close();
  }
} catch (err) {
  exitWithReason(err, 'Seeding failed.');
}
