/**
 * npm run bench:seats [-- --viewers 1000 --seconds 10 --rate 0]
 *
 * K simulated viewers (sockets) watch one session; each holds a random seat and, when it gets it,
 * releases it again, for T seconds (--rate: holds per second offered by all viewers together,
 * 0 = every viewer as fast as its answers come). Measured on the real API process (Socket.IO +
 * Redis adapter + Lua holds), then, with the same load, on the baselines: the hold script called
 * straight on Redis (EVALSHA) and a bare `ws` server broadcasting to the same K sockets. Ends
 * with a purchase race of all viewers to count double sales.
 *
 * Latencies: hold ack = hold sent → its answer; fan-out = hold (or release) sent → the delta's
 * arrival at each other viewer. They are timed twice: by the K viewers, who share this process's
 * event loop and so also time their own queue behind the deltas they all receive, and by a probe
 * in a process of its own (seats-probe.ts: one viewer holding 5 times a second, one guest
 * watching), whose figures are the server's; the latency targets are judged on the probe.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HALL_PLACES, HALL_ROWS, HALL_SEATS, MAX_SEATS_PER_PURCHASE, toCinemaTime } from '@kino/backend/contract';
import { connectRedis, deleteKeysUnder, probeRedis, startEmbeddedRedis } from '@kino/backend/lib/redis';
import { SEAT_SCRIPTS } from '@kino/backend/realtime/seat-store';
import { adminUrl, databaseUrlFor } from '@kino/backend/testing/postgres';
import { WebSocket } from 'ws';
import {
  cpuPercent,
  LeanSocketIo,
  percentile,
  sleep,
  startServerChild,
  versionsOf,
  type ServerChild,
} from './bench-lib';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '0' },
  },
});
const K = Number(args.viewers);
const T = Number(args.seconds);
const RATE = Number(args.rate);
const HERE = import.meta.dirname;

interface HoldOutcome {
  ok: boolean;
  /** Version (or sequence number) of the broadcast change, when there was one. */
  version?: number;
}
/** One system under load: how a viewer holds and releases a seat. */
interface Target {
  hold(viewer: number, seat: string): Promise<HoldOutcome>;
  release(viewer: number, seat: string): Promise<HoldOutcome>;
}

/** Arrivals of broadcasts: which change, at which socket, when. */
class Receipts {
  version: number[] = [];
  socket: number[] = [];
  time: number[] = [];
  /** change → when its request was sent, and by whom */
  sent = new Map<number, { t: number; by: number }>();
  add(version: number, socket: number) {
    this.version.push(version);
    this.socket.push(socket);
    this.time.push(performance.now());
  }
  /** request → arrival at every viewer other than the one who made the change */
  fanOutMs(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.version.length; i++) {
      const s = this.sent.get(this.version[i]!);
      if (s && s.by !== this.socket[i]) out.push(this.time[i]! - s.t);
    }
    return out;
  }
}

interface RunResult {
  attempts: number;
  granted: number;
  ackMs: number[];
  seconds: number;
}

/** Drives K viewers against a target for T seconds. */
async function drive(target: Target, receipts?: Receipts): Promise<RunResult> {
  const result: RunResult = { attempts: 0, granted: 0, ackMs: [], seconds: T };
  const started = performance.now();
  const until = started + T * 1000;
  const meanGapMs = RATE > 0 ? (K / RATE) * 1000 : 0;
  /** Poisson arrivals when paced: every viewer waits a random gap before each hold, the first one too. */
  const gap = () => (meanGapMs > 0 ? -Math.log(1 - Math.random()) * meanGapMs : 0);
  const viewer = async (i: number) => {
    for (let next = performance.now() + gap(); next < until; next += gap()) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      const seat = HALL_SEATS[Math.floor(Math.random() * HALL_SEATS.length)]!;
      const t0 = performance.now();
      const held = await target.hold(i, seat);
      result.ackMs.push(performance.now() - t0);
      result.attempts++;
      if (held.version !== undefined) receipts?.sent.set(held.version, { t: t0, by: i });
      if (held.ok) {
        result.granted++;
        const t1 = performance.now();
        const released = await target.release(i, seat);
        if (released.version !== undefined) receipts?.sent.set(released.version, { t: t1, by: i });
      }
      if (meanGapMs === 0) next = performance.now();
    }
  };
  await Promise.all(Array.from({ length: K }, (_, i) => viewer(i)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Opens n connections, a hundred at a time. */
async function connectAll<C>(n: number, open: (i: number) => Promise<C>): Promise<C[]> {
  const all: C[] = [];
  for (let i = 0; i < n; i += 100) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, j) => open(i + j)))));
  }
  return all;
}

const progress = (step: string) => process.stderr.write(`… ${step}\n`);
/** What the separate probe viewer timed (see seats-probe.ts). */
interface Probed {
  ackMs: number[];
  fanOutMs: number[];
}

interface Measured {
  run: RunResult;
  probe?: Probed;
  fanOutMs?: number[];
  deliveries?: number;
  cpu?: number;
  maxRssMb?: number;
}

/** The real API process. */
async function measureSeatServer(redisUrl: string, prefix: string, databaseUrl: string | undefined) {
  type Ready = { url: string; session: { id: number; price: number; start: string }; tokens: string[] };
  const server: ServerChild<Ready> = await startServerChild(path.join(HERE, 'seats-server.ts'), {
    BENCH_VIEWERS: String(K + 1), // the last one is the probe's
    BENCH_REDIS_URL: redisUrl,
    BENCH_REDIS_PREFIX: prefix,
    BENCH_DATABASE_URL: databaseUrl ?? '',
  });
  const { url, session } = server.ready;
  const tokens = server.ready.tokens.slice(0, K);
  progress(`seat server up; connecting ${K} sockets`);
  const receipts = new Receipts();
  const sockets = await connectAll(K, async (i) => {
    const socket = await LeanSocketIo.connect(url, tokens[i]!);
    socket.onEvent = (raw) => versionsOf(raw).forEach((version) => receipts.add(version, i));
    const joined = await socket.emit<{ ok: boolean }>('seats:join', { sessionId: session.id });
    if (!joined.ok) throw new Error('join refused');
    return socket;
  });
  const seat = (i: number, event: string, s: string) =>
    sockets[i]!.emit<{ ok: boolean; version?: number; reason?: string }>(event, { sessionId: session.id, seat: s });
  const target: Target = {
    async hold(i, s) {
      const ack = await seat(i, 'seats:hold', s);
      return { ok: ack.ok, version: ack.ok ? ack.version : undefined };
    },
    async release(i, s) {
      const ack = await seat(i, 'seats:release', s);
      return { ok: ack.ok, version: ack.version };
    },
  };
  const probe = await startServerChild(path.join(HERE, 'seats-probe.ts'), {
    PROBE_URL: url,
    PROBE_TOKEN: server.ready.tokens[K]!,
    PROBE_SESSION: String(session.id),
    PROBE_SECONDS: String(T),
  });
  progress('driving the seat server');
  const before = await server.stats();
  const [run, probed] = await Promise.all([drive(target, receipts), probe.ask('run') as Promise<Probed>]);
  await probe.stop();
  await sleep(500); // the last deltas in flight
  const after = await server.stats();
  const measured: Measured = {
    run,
    probe: probed,
    fanOutMs: receipts.fanOutMs(),
    deliveries: receipts.version.length,
    cpu: cpuPercent(before, after, run.seconds * 1000 + 500),
    maxRssMb: after.maxRssKb / 1024,
  };

  progress('purchase race');
  await sleep(2000); // let the server drain what the load left queued
  // The purchase race: every viewer grabs a random seat and tries to buy it at the same moment.
  const picks = tokens.map(() => HALL_SEATS[Math.floor(Math.random() * HALL_SEATS.length)]!);
  await Promise.all(picks.map((s, i) => seat(i, 'seats:hold', s)));
  const answers = await Promise.all(
    picks.map((s, i) =>
      fetch(`${url}/api/tickets/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
        body: JSON.stringify({
          price: session.price,
          schedule_id: session.id,
          seat_number: [s],
          purchase_date: toCinemaTime(new Date(session.start)),
        }),
      }).then((r) => r.status),
    ),
  );
  const soldTo = new Map<string, number>();
  answers.forEach((status, i) => status === 201 && soldTo.set(picks[i]!, (soldTo.get(picks[i]!) ?? 0) + 1));
  const db = (await server.ask('duplicates')) as { seatsSold: number; duplicated: number };
  const sale = {
    buyers: K,
    sold: answers.filter((s) => s === 201).length,
    refused: answers.filter((s) => s === 409).length,
    other: answers.filter((s) => s !== 201 && s !== 409).length,
    doubleSales: [...soldTo.values()].filter((n) => n > 1).length + db.duplicated,
    seatsInDb: db.seatsSold,
  };
  sockets.forEach((s) => s.close());
  await server.stop();
  return { measured, sale };
}

/** The same hold script, straight on Redis. */
async function measureRawScript(redisUrl: string, prefix: string): Promise<Measured> {
  const redis = connectRedis(redisUrl);
  const sessionId = 1;
  const keys = ['meta', 'sold', 'holds', 'deadlines'].map((k) => `${prefix}:raw:${sessionId}:${k}`);
  keys.push(`${prefix}:raw:expiry`);
  const start = Date.now() + 3 * 3600_000;
  await SEAT_SCRIPTS.load.run(redis, keys, [sessionId, start, start + 3600_000]);
  const call = async (script: 'hold' | 'release', args: (string | number)[]) => {
    const r = JSON.parse((await SEAT_SCRIPTS[script].run(redis, keys, [sessionId, ...args])) as string) as {
      status: string;
      version: number;
      changes?: unknown[];
    };
    return { ok: r.status === 'ok', version: r.changes ? r.version : undefined };
  };
  const target: Target = {
    hold: (i, seat) => call('hold', [i + 1, seat, 600_000, MAX_SEATS_PER_PURCHASE, HALL_ROWS, HALL_PLACES]),
    release: (i, seat) => call('release', [i + 1, seat]),
  };
  progress('driving the raw script');
  const run = await drive(target);
  redis.disconnect();
  return { run };
}

/** A bare ws broadcast to the same number of sockets. */
async function measureBareWs(): Promise<Measured> {
  const server = await startServerChild<{ url: string }>(path.join(HERE, 'ws-server.ts'), {});
  const receipts = new Receipts();
  const pending = new Map<string, (seq: number) => void>();
  const sockets = await connectAll(
    K,
    (i) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(server.ready.url);
        ws.on('open', () => resolve(ws));
        ws.on('error', reject);
        ws.on('message', (data: Buffer) => {
          const text = data.toString();
          if (text.startsWith('d')) return receipts.add(Number(text.slice(1)), i);
          const [id, seq] = text.slice(1).split(':');
          pending.get(id!)?.(Number(seq));
          pending.delete(id!);
        });
      }),
  );
  let nextId = 0;
  const send = (i: number) =>
    new Promise<HoldOutcome>((resolve) => {
      const id = `${i}.${nextId++}`;
      pending.set(id, (seq) => resolve({ ok: true, version: seq }));
      sockets[i]!.send(`h${id}`);
    });
  const target: Target = { hold: send, release: send };
  progress('driving bare ws');
  const before = await server.stats();
  const run = await drive(target, receipts);
  await sleep(500);
  const after = await server.stats();
  sockets.forEach((s) => s.close());
  await server.stop();
  return {
    run,
    fanOutMs: receipts.fanOutMs(),
    deliveries: receipts.version.length,
    cpu: cpuPercent(before, after, run.seconds * 1000 + 500),
    maxRssMb: after.maxRssKb / 1024,
  };
}

/** A fresh database on the DATABASE_URL server for the run, dropped after it. */
async function createBenchDatabase(serverUrl: string) {
  const { default: pg } = await import('pg');
  const name = `kino_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const ms = (x: number) => (Number.isNaN(x) ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const rate = (n: number, s: number) => Math.round(n / s);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-bench-'));
  const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
  const redisUrl = process.env.REDIS_URL ?? embedded!.url;
  await probeRedis(redisUrl);
  const prefix = `kino-bench:${process.pid}`;
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:seats — ${K} viewers, ${T} s, ${RATE > 0 ? `${RATE} holds/s offered` : 'closed loop'}; ` +
      `${os.cpus().length} cores, load average ${load.join(' ')} before the run\n`,
  );

  const database = process.env.DATABASE_URL ? await createBenchDatabase(process.env.DATABASE_URL) : undefined;
  console.log(`database: ${database ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite, inside the server process'}`);
  const { measured: io, sale } = await measureSeatServer(redisUrl, prefix, database?.url);
  await database?.drop();
  const raw = await measureRawScript(redisUrl, prefix);
  const ws = await measureBareWs();

  const row = (label: string, f: (m: Measured) => string) =>
    console.log(`${label.padEnd(30)}${[io, raw, ws].map((m) => f(m).padStart(16)).join('')}`);
  console.log(`${''.padEnd(30)}${['seat server', 'raw EVALSHA', 'bare ws'].map((h) => h.padStart(16)).join('')}`);
  const p50p99 = (xs?: number[]) => (xs ? `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))}` : '—');
  row('hold ack p50/p99 ms, K viewers', (m) => p50p99(m.run.ackMs));
  row('hold ack p50/p99 ms, probe', (m) => p50p99(m.probe?.ackMs));
  row('fan-out p50/p99 ms, K viewers', (m) => p50p99(m.fanOutMs));
  row('fan-out p50/p99 ms, probe', (m) => p50p99(m.probe?.fanOutMs));
  row('holds/s (granted/s)', (m) => `${rate(m.run.attempts, m.run.seconds)} (${rate(m.run.granted, m.run.seconds)})`);
  row('deliveries/s', (m) => (m.deliveries ? String(rate(m.deliveries, m.run.seconds)) : '—'));
  row('server CPU (% of a core)', (m) => (m.cpu === undefined ? '—' : m.cpu.toFixed(0)));
  row('server peak RSS (MB)', (m) => (m.maxRssMb === undefined ? '—' : m.maxRssMb.toFixed(0)));

  const holdsRatio = io.run.attempts / io.run.seconds / (raw.run.attempts / raw.run.seconds);
  const fanRatio = io.deliveries! / io.run.seconds / (ws.deliveries! / ws.run.seconds);
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nratios: holds/s ${holdsRatio.toFixed(2)} × raw script (target ≥ 0.5: ${check(holdsRatio >= 0.5)}),`);
  console.log(
    `        fan-out deliveries/s ${fanRatio.toFixed(2)} × bare ws (target ≥ 0.6: ${check(fanRatio >= 0.6)})`,
  );
  const ackP99 = percentile(io.probe!.ackMs, 99);
  const fanP99 = percentile(io.probe!.fanOutMs, 99);
  console.log(
    `targets (latency as the probe sees it): hold ack p99 ${ms(ackP99)} ms (≤ 10: ${check(ackP99 <= 10)}), ` +
      `fan-out p99 ${ms(fanP99)} ms (≤ 100: ${check(fanP99 <= 100)}), ` +
      `peak RSS ${io.maxRssMb!.toFixed(0)} MB (≤ 300: ${check(io.maxRssMb! <= 300)})`,
  );
  console.log(
    `purchase race: ${sale.buyers} buyers at once → ${sale.sold} sold, ${sale.refused} refused (409), ` +
      `${sale.other} other; ${sale.seatsInDb} seats in the database; double sales: ${sale.doubleSales}`,
  );

  if (embedded) await embedded.stop();
  else await deleteKeysUnder(redisUrl, prefix);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (sale.doubleSales > 0 || sale.other > 0) process.exitCode = 1;
}

await main();
