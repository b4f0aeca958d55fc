/**
 * The demo: one process running the API (serving the built site) and the workers over the
 * embedded defaults (PGlite in data/, a private redis-server), seeded with a believable cinema.
 */
import { describeDemoAccounts, seed } from '@kino/backend/seed';
import { run } from './start';

const running = await run({
  prepare: async (ctx) => {
    await seed({ db: ctx.db, storageDir: ctx.config.storageDir, logger: ctx.logger });
  },
});

if (running?.url) {
  process.stdout.write(`\nKino is running at ${running.url}\n\n${describeDemoAccounts()}\n\nStop it with Ctrl+C.\n`);
}
