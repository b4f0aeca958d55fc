/**
 * The ЕАИС benchmark's workers process (run by eais.ts when DATABASE_URL is set): Kino's real workers over the
 * run's PostgreSQL database and Redis, as production runs them (SERVICES=workers, a process of its own beside the
 * API), delivering to the receiver emulator the runner started (EAIS_URL).
 */
import { loadConfig } from '@kino/backend/config';
import { createContext } from '@kino/backend/context';
import { openDatabase } from '@kino/backend/db';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import { startWorkers } from '@kino/workers';
import { serveParent } from './bench-lib';
import { benchEaisEnv } from './eais-env';

const config = loadConfig(benchEaisEnv(process.env));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
registerModuleDuties();
const ctx = createContext({ config, database, redisUrl: config.redisUrl! });
const workers = await startWorkers(ctx);
serveParent({}, async () => {
  await workers.close(5000);
  await ctx.close();
});
process.send!({ type: 'ready' });
