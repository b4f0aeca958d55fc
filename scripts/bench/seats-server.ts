/**
 * The benchmark's API process: a real Kino API (Express + Socket.IO + Redis adapter) over a
 * database holding one session and BENCH_VIEWERS signed-in viewers: BENCH_DATABASE_URL (a fresh
 * database made by seats.ts on a PostgreSQL server, the production shape) or an in-memory PGlite,
 * whose WebAssembly heap then counts in this process's memory. Run by seats.ts.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@kino/backend/config';
import { RELEASED_TICKET_STATUSES } from '@kino/backend/contract';
import { createContext } from '@kino/backend/context';
import { openDatabase, schema } from '@kino/backend/db';
import { issueToken } from '@kino/backend/modules/auth/tokens';
import { startApi } from '@kino/backend/server';
import { buildSession } from '@kino/backend/testing/factories';
import { and, count, notInArray } from 'drizzle-orm';
import { serveParent } from './bench-lib';

const viewers = Number(process.env.BENCH_VIEWERS);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  APP_SECRET: randomBytes(32).toString('hex'),
  REDIS_URL: process.env.BENCH_REDIS_URL,
  REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
  SERVE_WEB: '0',
});
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL || undefined });
await database.migrate();
const ctx = createContext({ config, database, redisUrl: config.redisUrl! });

const session = await buildSession(ctx.db, { startsInMinutes: 180 });
const users = await ctx.db
  .insert(schema.users)
  .values(Array.from({ length: viewers }, (_, i) => ({ fio: `Зритель ${i}`, email: `viewer-${i}@bench.test` })))
  .returning({ id: schema.users.id });
const tokens: string[] = [];
for (const user of users) tokens.push(await issueToken(ctx, user.id));
const api = await startApi(ctx, 0, '127.0.0.1');

serveParent(
  {
    /** Seats sold more than once among live tickets (the unique index says: never). */
    duplicates: async () => {
      const rows = await ctx.db
        .select({ seat: schema.tickets.seatNumber, n: count() })
        .from(schema.tickets)
        .where(and(notInArray(schema.tickets.status, [...RELEASED_TICKET_STATUSES])))
        .groupBy(schema.tickets.sessionId, schema.tickets.seatNumber);
      return { seatsSold: rows.length, duplicated: rows.filter((r) => r.n > 1).length };
    },
  },
  async () => {
    await api.close();
    await ctx.close();
  },
);
process.send!({
  type: 'ready',
  url: api.url,
  session: { id: session.id, price: session.price, start: session.startTime },
  tokens,
});
