/**
 * The benchmark's API process: a real Kino API (Express + Socket.IO + Redis adapter + seat feed)
 * over BENCH_DATABASE_URL (a fresh database made by seats.ts on a PostgreSQL server, the
 * production shape) or an in-memory PGlite, whose WebAssembly heap then counts in this process's
 * memory. The first process (BENCH_SEED=1) fills the database with one session and BENCH_VIEWERS
 * signed-in viewers; more processes over the same database and Redis prefix only serve. Run by
 * seats.ts.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@kino/backend/config';
import { createContext } from '@kino/backend/context';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import { openDatabase, schema } from '@kino/backend/db';
import { issueToken } from '@kino/backend/modules/auth/tokens';
import { occupiesSeatSql } from '@kino/backend/modules/tickets/state';
import { startApi } from '@kino/backend/server';
import { buildSession } from '@kino/backend/testing/factories';
import { startYooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { count } from 'drizzle-orm';
import type { Socket as EngineSocket } from 'engine.io';
import { NO_REGISTRIES, serveParent } from './bench-lib';

const viewers = Number(process.env.BENCH_VIEWERS);
// The purchase race makes orders: each waits for its payment at this process's own provider.
const yookassa = await startYooKassaEmulator();
const config = loadConfig({
  ...yookassa.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  // Shared by every process of a run: a token from one is valid in the others.
  APP_SECRET: process.env.BENCH_APP_SECRET || randomBytes(32).toString('hex'),
  REDIS_URL: process.env.BENCH_REDIS_URL,
  REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
  SERVE_WEB: '0',
  // Production wants the site's address for links; the benchmark sends none.
  PUBLIC_URL: 'http://127.0.0.1',
  // Required in production; nothing here sells at the till, so no register answers it.
  ATOL_URL: 'http://127.0.0.1:16732',
  ...NO_REGISTRIES,
});
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL || undefined });
registerModuleDuties();
const ctx = createContext({ config, database, redisUrl: config.redisUrl! });

let seeded: { session: { id: number; price: number; start: Date }; tokens: string[] } | undefined;
if (process.env.BENCH_SEED === '1') {
  await database.migrate();
  const session = await buildSession(ctx.db, { startsInMinutes: 180 });
  const users = await ctx.db
    .insert(schema.users)
    .values(Array.from({ length: viewers }, (_, i) => ({ fio: `Зритель ${i}`, email: `viewer-${i}@bench.test` })))
    .returning({ id: schema.users.id });
  const tokens: string[] = [];
  for (const user of users) tokens.push(await issueToken(ctx, user.id));
  seeded = { session: { id: session.id, price: session.price, start: session.startTime }, tokens };
}
const api = await startApi(ctx, 0, '127.0.0.1');

// The server's own share of a hold's (or a best-seats request's) acknowledgement: the request's
// packet read → the answer's packet written (Engine.IO packets '42<id>["seats:hold",…]' in,
// '43<id>[…]' out).
const timed = { hold: [] as number[], best: [] as number[] };
api.io.engine.on('connection', (conn: EngineSocket) => {
  const asked = new Map<string, { t0: number; event: keyof typeof timed }>();
  conn.on('packet', ({ data }) => {
    const request = typeof data === 'string' && /^2(\d+)\["seats:(hold|best)"/.exec(data);
    if (request) asked.set(request[1]!, { t0: performance.now(), event: request[2] as keyof typeof timed });
  });
  conn.on('packetCreate', ({ data }) => {
    const ack = typeof data === 'string' ? /^3(\d+)\[/.exec(data) : null;
    const request = ack ? asked.get(ack[1]!) : undefined;
    if (request === undefined) return;
    asked.delete(ack![1]!);
    timed[request.event].push(performance.now() - request.t0);
  });
});

/** The acknowledgements of one kind timed since the last ask. */
const takeTimed = async (event: keyof typeof timed) => timed[event].splice(0);

serveParent(
  {
    acks: () => takeTimed('hold'),
    bests: () => takeTimed('best'),
    /** Seats sold more than once among live tickets (the unique index says: never). */
    duplicates: async () => {
      const rows = await ctx.db
        .select({ seat: schema.tickets.seatNumber, n: count() })
        .from(schema.tickets)
        .where(occupiesSeatSql())
        .groupBy(schema.tickets.sessionId, schema.tickets.seatNumber);
      return { seatsSold: rows.length, duplicated: rows.filter((r) => r.n > 1).length };
    },
  },
  async () => {
    await api.close();
    await ctx.close();
    await yookassa.close();
  },
);
process.send!({ type: 'ready', url: api.url, ...seeded });
