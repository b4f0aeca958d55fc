/**
 * The demo: one process running the API (serving the built site) and the workers over the
 * embedded defaults (PGlite in data/, a private redis-server), seeded with a believable cinema.
 *
 * The seed runs first in a process of its own (`npm run seed`'s script), which exits before the server
 * opens the database: the embedded database's WebAssembly heap grows with the seed's one large
 * transaction and never shrinks, so seeding in the server's process kept that memory for its whole life
 * (docs/benchmarks.md, "The demo's memory").
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDemoAccounts } from '@kino/backend/seed';
import { run } from './start';

// seed.js beside demo.js when compiled (npm run demo), seed.ts through tsx when run from the sources.
const self = fileURLToPath(import.meta.url);
const compiled = self.endsWith('.js');
const seeded = spawnSync(
  process.execPath,
  [...(compiled ? [] : ['--import', 'tsx']), path.join(path.dirname(self), compiled ? 'seed.js' : 'seed.ts')],
  { stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const running = await run();

if (running?.url) {
  process.stdout.write(`\nKino is running at ${running.url}\n\n${describeDemoAccounts()}\n\nStop it with Ctrl+C.\n`);
}
