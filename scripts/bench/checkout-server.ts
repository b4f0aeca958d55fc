/**
 * The checkout benchmark's server: a real Kino process (the API and the outbox drain) over
 * BENCH_DATABASE_URL (PostgreSQL, the production shape: the workers run in a process of their own,
 * BENCH_ROLE=workers, and more API processes beside the first, BENCH_ROLE=api, as in production) or an in-memory PGlite (the workers in this process,
 * since one PGlite database has one process), with the payment
 * provider the runner started (the YooKassa emulator, YOOKASSA_* in the environment). It seeds one
 * session of a 110-seat hall and BENCH_BUYERS signed-in buyers. Beside it, the baseline: a bare
 * node:http server that, told of a payment, asks the provider and records it with one UPDATE — the
 * least a server can do between a notification and a page that shows the sale. Run by checkout.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '@kino/backend/config';
import { createContext } from '@kino/backend/context';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import { openDatabase, schema } from '@kino/backend/db';
import { startEffectsDrain } from '@kino/backend/effects';
import { issueToken } from '@kino/backend/modules/auth/tokens';
import { occupiesSeatSql } from '@kino/backend/modules/tickets/state';
import { startApi } from '@kino/backend/server';
import { buildSession } from '@kino/backend/testing/factories';
import { startWorkers } from '@kino/workers';
import { count, sql } from 'drizzle-orm';
import { NO_REGISTRIES, serveParent } from './bench-lib';

const buyers = Number(process.env.BENCH_BUYERS);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  // One secret for every process of the run: a token issued by one is good on the others.
  APP_SECRET: process.env.BENCH_APP_SECRET || randomBytes(32).toString('hex'),
  REDIS_URL: process.env.BENCH_REDIS_URL,
  REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
  SERVE_WEB: '0',
  PUBLIC_URL: 'http://127.0.0.1',
  // Required in production; nothing here sells at the till, so no register answers it.
  ATOL_URL: 'http://127.0.0.1:16732',
  ...NO_REGISTRIES,
  // The runner's provider (the YooKassa emulator); its notifications come from loopback.
  YOOKASSA_API_URL: process.env.YOOKASSA_API_URL,
  YOOKASSA_SHOP_ID: process.env.YOOKASSA_SHOP_ID,
  YOOKASSA_SECRET_KEY: process.env.YOOKASSA_SECRET_KEY,
  YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1/32,::1/128',
});
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL || undefined });
registerModuleDuties();
const ctx = createContext({ config, database, redisUrl: config.redisUrl! });

if (process.env.BENCH_ROLE === 'workers') {
  const workers = await startWorkers(ctx);
  serveParent({}, async () => {
    await workers.close(5000);
    await ctx.close();
  });
  process.send!({ type: 'ready' });
} else if (process.env.BENCH_ROLE === 'api') {
  // Another API process over the same database and Redis (the first one migrated and seeded).
  const drain = startEffectsDrain(ctx);
  const api = await startApi(ctx, 0, '127.0.0.1');
  serveParent({}, async () => {
    await api.close();
    await drain.stop();
    await ctx.close();
  });
  process.send!({ type: 'ready', url: api.url });
} else {
  await serveApi();
}

async function serveApi() {
  await database.migrate();

  const session = await buildSession(ctx.db, { startsInMinutes: 180, price: 450 });
  const users = await ctx.db
    .insert(schema.users)
    .values(Array.from({ length: buyers }, (_, i) => ({ fio: `Покупатель ${i}`, email: `buyer-${i}@bench.test` })))
    .returning({ id: schema.users.id });
  const tokens: string[] = [];
  for (const user of users) tokens.push(await issueToken(ctx, user.id));

  const workers = process.env.BENCH_DATABASE_URL ? undefined : await startWorkers(ctx);
  const drain = startEffectsDrain(ctx);
  const api = await startApi(ctx, 0, '127.0.0.1');

  // The baseline: told of a payment, ask the provider (as ours does) and record it with one UPDATE.
  await ctx.db.execute(
    sql`create table if not exists bench_baseline (payment text primary key, paid boolean not null)`,
  );
  const baseline = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        if (req.method === 'POST') {
          const { object } = JSON.parse(Buffer.concat(chunks).toString()) as { object: { id: string } };
          const payment = await ctx.payments.getPayment(object.id);
          await ctx.db.execute(
            sql`insert into bench_baseline values (${payment.id}, ${payment.status === 'succeeded'})
              on conflict (payment) do update set paid = excluded.paid`,
          );
          res.end('{}');
        } else {
          const id = new URL(req.url ?? '/', 'http://x').searchParams.get('payment');
          const rows = await ctx.db.execute(sql`select paid from bench_baseline where payment = ${id}`);
          res.end(JSON.stringify({ paid: (rows as unknown as { rows: { paid: boolean }[] }).rows[0]?.paid ?? false }));
        }
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));

  serveParent(
    {
      /** What was sold: seats taken by paid tickets, seats held twice (never), orders by status. */
      report: async () => {
        const seats = await ctx.db
          .select({ seat: schema.tickets.seatNumber, n: count() })
          .from(schema.tickets)
          .where(occupiesSeatSql())
          .groupBy(schema.tickets.seatNumber);
        const orders = await ctx.db
          .select({ status: schema.orders.status, n: count() })
          .from(schema.orders)
          .groupBy(schema.orders.status);
        const paidTickets = await ctx.db.$count(schema.tickets, sql`${schema.tickets.status} = 'paid'`);
        const paidOrders = await ctx.db
          .select({ id: schema.orders.id })
          .from(schema.orders)
          .where(sql`${schema.orders.status} = 'paid'`);
        return {
          paidTickets,
          duplicated: seats.filter((s) => s.n > 1).length,
          orders: Object.fromEntries(orders.map((o) => [o.status, o.n])),
          paidOrderIds: paidOrders.map((o) => o.id),
        };
      },
    },
    async () => {
      await new Promise<void>((resolve) => baseline.close(() => resolve()));
      await api.close();
      await drain.stop();
      await workers?.close(5000);
      await ctx.close();
    },
  );
  process.send!({
    type: 'ready',
    url: api.url,
    baselineUrl: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`,
    session: { id: session.id, price: session.price, start: session.startTime },
    tokens,
  });
}
