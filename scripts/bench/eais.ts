/**
 * npm run bench:eais [-- --operations 10000 --interval 5 --sessions 100 --rate 400]
 *
 * ЕАИС delivery under a day's load: --sessions sessions of one day (10 halls), --operations ticket operations over
 * them (four sales to one refund), written as the order paths write them (the ticket and its ledger row in one
 * transaction) at a steady rate while the real workers run the repeated delivery job every --interval seconds
 * (EAIS_INTERVAL_SECONDS; a short one here, 900 in production) to the ЕАИС receiver emulator on loopback.
 *
 * Prints the p50/p99/max from each operation to its acknowledged delivery against 2 × the interval, the forms the
 * receiver counted twice (its duplicate toggle on 'count': must be 0) and the operations missing (must be 0); and a
 * baseline in the same run: the same files POSTed once each with node:http to a fresh receiver, one at a time.
 *
 * DATABASE_URL set: a fresh PostgreSQL database for the run (dropped after), the writer in this process and the
 * workers in a process of their own (eais-workers.ts), as production runs them. Unset: embedded PGlite, the
 * workers in this process (one PGlite database has one process). REDIS_URL, or an embedded redis-server.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@kino/backend/config';
import { createContext } from '@kino/backend/context';
import { openDatabase, schema } from '@kino/backend/db';
import { startEaisEmulator } from '@kino/backend/emulators/eais/index';
import { startEmbeddedRedis } from '@kino/backend/lib/infra/redis';
import { recordEaisOperations } from '@kino/backend/modules/eais';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import { buildFilm, buildHall, buildOrder, buildSession } from '@kino/backend/testing/factories';
import { startWorkers } from '@kino/workers';
import { count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { createBenchDatabase, percentile, sleep, startServerChild } from './bench-lib';
import { BENCH_EAIS_AUTH as AUTH, benchEaisEnv } from './eais-env';

const { values: args } = parseArgs({
  options: {
    operations: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '5' },
    sessions: { type: 'string', default: '100' },
    rate: { type: 'string', default: '400' },
  },
});
const OPERATIONS = Number(args.operations);
const INTERVAL_S = Number(args.interval);
const SESSIONS = Number(args.sessions);
const RATE = Number(args.rate);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-bench-eais-'));
const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
const eais = await startEaisEmulator({ ...AUTH, duplicates: 'count' });
const serverUrl = process.env.DATABASE_URL;
const benchDb = serverUrl ? await createBenchDatabase(serverUrl, 0) : undefined;
const benchEnv = {
  BENCH_DATA_DIR: tmp,
  BENCH_REDIS_URL: process.env.REDIS_URL ?? embedded!.url,
  BENCH_REDIS_PREFIX: `bench-eais-${process.pid}`,
  BENCH_EAIS_URL: eais.url,
  BENCH_EAIS_INTERVAL: String(INTERVAL_S),
  BENCH_DATABASE_URL: benchDb?.url ?? '',
};
const config = loadConfig(benchEaisEnv(benchEnv));
const database = await openDatabase({ url: benchDb?.url });
await database.migrate();
registerModuleDuties();
const ctx = createContext({ config, database, redisUrl: config.redisUrl! });

// A day's sessions: 10 halls, tomorrow from 10:00, one every 2 hours and a half per hall.
const halls = await Promise.all(Array.from({ length: 10 }, (_, i) => buildHall(ctx.db, { showroom: `Зал ${i + 1}` })));
const film = await buildFilm(ctx.db, { title: 'Бенчмарк', puNumber: '121023323' });
const day = new Date();
day.setUTCDate(day.getUTCDate() + 1);
day.setUTCHours(7, 0, 0, 0);
const sessions = [];
for (let i = 0; i < SESSIONS; i++) {
  const hall = halls[i % halls.length]!;
  const startTime = new Date(day.getTime() + Math.floor(i / halls.length) * 150 * 60_000);
  const session = await buildSession(ctx.db, { filmId: film.id, hallId: hall.id, startTime });
  const order = await buildOrder(ctx.db, { sessionId: session.id, totalKopecks: 0 });
  sessions.push({ session, order, sold: [] as number[], seat: 0 });
}

// PostgreSQL: the workers in their own process, as production runs them; PGlite: beside the writer.
const workers = benchDb
  ? await startServerChild(path.join(import.meta.dirname, 'eais-workers.ts'), benchEnv)
  : await startWorkers(ctx);
console.log(
  `ЕАИС bench: ${OPERATIONS} operations over ${SESSIONS} sessions of one day at ~${RATE}/s; EAIS_INTERVAL_SECONDS=${INTERVAL_S} (a short interval for the bench; 900 in production)`,
);
console.log(
  `database: ${benchDb ? 'PostgreSQL (DATABASE_URL), the workers in a process of their own' : 'embedded PGlite, the workers in this process'}; ${os.cpus().length} cores, load average ${load()} before the run`,
);

// The operations: 4 sales, then a refund of one of them, round the sessions; each in its own transaction.
const started = Date.now();
let written = 0;
const batch = Math.max(1, Math.round(RATE / 20));
while (written < OPERATIONS) {
  const tickStart = Date.now();
  for (let k = 0; k < batch && written < OPERATIONS; k++, written++) {
    const s = sessions[written % SESSIONS]!;
    const n = Math.floor(written / SESSIONS);
    const now = new Date();
    if (n % 5 === 4 && s.sold.length > 0) {
      const ticketId = s.sold.shift()!;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(schema.tickets)
          .set({ status: 'refunded', refundedAt: now })
          .where(eq(schema.tickets.id, ticketId));
        await recordEaisOperations(tx, 'refund', [{ ticketId, sessionId: s.session.id }], now);
      });
    } else {
      s.seat += 1;
      const seatNumber = `r${Math.ceil(s.seat / 11)}m${((s.seat - 1) % 11) + 1}`;
      await ctx.db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(schema.tickets)
          .values({
            sessionId: s.session.id,
            orderId: s.order.id,
            seatNumber,
            priceKopecks: 35_000,
            basePriceKopecks: 35_000,
            status: 'paid',
            purchaseDate: now,
          })
          .returning({ id: schema.tickets.id });
        s.sold.push(ticket!.id);
        await recordEaisOperations(tx, 'sale', [{ ticketId: ticket!.id, sessionId: s.session.id }], now);
      });
    }
  }
  const spent = Date.now() - tickStart;
  if (spent < 50) await sleep(50 - spent);
}
const writtenIn = (Date.now() - started) / 1000;
console.log(`written: ${written} operations in ${writtenIn.toFixed(1)} s (${Math.round(written / writtenIn)}/s)`);

const undelivered = async () =>
  (await ctx.db.select({ n: count() }).from(schema.eaisLedger).where(isNull(schema.eaisLedger.deliveredAt)))[0]!.n;
const deadline = Date.now() + 10 * 60_000;
while ((await undelivered()) > 0 && Date.now() < deadline) await sleep(200);

const rows = await ctx.db
  .select({
    ms: sql<number>`extract(epoch from (${schema.eaisLedger.deliveredAt} - ${schema.eaisLedger.occurredAt})) * 1000`.mapWith(
      Number,
    ),
  })
  .from(schema.eaisLedger)
  .where(isNotNull(schema.eaisLedger.deliveredAt));
const latencies = rows.map((r) => r.ms);
const p99 = percentile(latencies, 99);
const bound = 2 * INTERVAL_S * 1000;
const formsReceived = eais.control.files.reduce((n, f) => n + f.forms.length, 0);
const reports = await ctx.db.select().from(schema.eaisReports).orderBy(schema.eaisReports.id);
console.log(
  `delivered: ${latencies.length} of ${written} operations in ${reports.length} files (${eais.control.uploads.length} uploads, ${reports.filter((r) => r.attempts > 1).length} files sent more than once)`,
);
console.log(
  `sale/refund → acknowledged delivery: p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s, max ${(Math.max(...latencies) / 1000).toFixed(2)} s; bound 2 × interval = ${bound / 1000} s → ${p99 <= bound ? 'within' : 'OVER'}`,
);
console.log(
  `duplicates: ${eais.control.duplicateForms()} forms counted twice by the receiver; forms received ${formsReceived} for ${written} operations; missing ${written - formsReceived}`,
);

// Baseline: the same files, raw node:http multipart POSTs, one at a time, to a fresh receiver.
const fresh = await startEaisEmulator({ ...AUTH, duplicates: 'count' });
const post = (name: string, body: string) =>
  new Promise<string>((resolve, reject) => {
    const boundary = `----bench${Math.random().toString(16).slice(2)}`;
    const part = (field: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${file ? `; filename="${file}"\r\nContent-Type: text/xml` : ''}\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(
      part('login', AUTH.login) + part('password', AUTH.password) + part('XMLfile', body, name) + `--${boundary}--\r\n`,
    );
    const req = http.request(fresh.url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': payload.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(payload);
  });
const perFile: number[] = [];
const baselineStart = Date.now();
for (const r of reports) {
  const t0 = performance.now();
  const reply = await post(r.fileName, r.body);
  perFile.push(performance.now() - t0);
  if (reply.includes('error')) console.log(`baseline: ${r.fileName} refused: ${reply}`);
}
console.log(
  `baseline (raw node:http POST of the same ${reports.length} files, one at a time): ${((Date.now() - baselineStart) / 1000).toFixed(2)} s in all, per file p50 ${percentile(perFile, 50).toFixed(1)} ms, p99 ${percentile(perFile, 99).toFixed(1)} ms`,
);
const kinoPerFile = reports
  .filter((r) => r.deliveredAt && r.createdAt)
  .map((r) => r.deliveredAt!.getTime() - r.createdAt.getTime());
console.log(
  `Kino per file, formed → acknowledged: p50 ${percentile(kinoPerFile, 50).toFixed(0)} ms, p99 ${percentile(kinoPerFile, 99).toFixed(0)} ms`,
);
// A run forms its files in one transaction (one created_at): from then to its last file acknowledged.
const runs = new Map<number, number>();
for (const r of reports) {
  if (!r.deliveredAt) continue;
  const formed = r.createdAt.getTime();
  runs.set(formed, Math.max(runs.get(formed) ?? 0, r.deliveredAt.getTime() - formed));
}
const runTimes = [...runs.values()];
console.log(
  `Kino per run (${runTimes.length} runs that formed files), formed → its last file acknowledged: p50 ${percentile(runTimes, 50).toFixed(0)} ms, p99 ${percentile(runTimes, 99).toFixed(0)} ms, max ${Math.max(...runTimes).toFixed(0)} ms`,
);
console.log(`load average ${load()} after the run`);

await fresh.close();
if ('stop' in workers) await workers.stop();
else await workers.close(5000);
await ctx.close();
await benchDb?.drop();
await eais.close();
await embedded?.stop();
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(p99 <= bound && eais.control.duplicateForms() === 0 && formsReceived === written ? 0 : 1);
