/**
 * npm run bench:seats [-- --viewers 1000 --seconds 10 --rates 5,20 --processes 1,2]
 *
 * K simulated viewers (sockets) watch one session; each holds a random seat and, when it gets it,
 * releases it again, for T seconds, at each offered rate (--rates: holds per second offered by all
 * viewers together; 0 = closed loop, every viewer as fast as its answers come). Measured on the
 * real API (Socket.IO + Redis adapter + seat feed + Lua holds) with each number of API processes
 * (--processes; viewers spread evenly over them; more than one needs DATABASE_URL), then, with the
 * same load, on the baselines: the hold script called straight on Redis (EVALSHA) and a bare `ws`
 * server broadcasting to the same K sockets. Each server run ends with a purchase race of all
 * viewers (through every process) to count double sales.
 *
 * Latencies: hold ack = hold sent → its answer; fan-out = hold (or release) sent → the delta's
 * arrival at each other viewer. They are timed twice: by the K viewers, who share this process's
 * event loop and so also time their own queue behind the deltas they all receive, and by a probe
 * in a process of its own (seats-probe.ts: one viewer holding 5 times a second, one guest
 * watching, one more re-holding its seat 8 times a second), whose figures are the server's; the
 * latency targets are judged on the probe.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HALL_SEATS, MAX_SEATS_PER_PURCHASE, toCinemaTime } from '@kino/backend/contract';
import { connectRedis, deleteKeysUnder, probeRedis, startEmbeddedRedis } from '@kino/backend/lib/infra/redis';
import { SEAT_SCRIPTS } from '@kino/backend/modules/seats';
import { WebSocket } from 'ws';
import {
  cpuPercent,
  createBenchDatabase,
  LeanSocketIo,
  percentile,
  sleep,
  startServerChild,
  versionsOf,
  type ProcessStats,
  type ServerChild,
} from './bench-lib';

const { values: args } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    rates: { type: 'string', default: '5,20' },
    processes: { type: 'string', default: '1,2' },
  },
});
const K = Number(args.viewers);
const T = Number(args.seconds);
const RATES = args.rates.split(',').map(Number);
const PROCESSES = args.processes.split(',').map(Number);
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

/** Drives K viewers against a target for T seconds, offering `rate` holds a second (0: closed loop). */
async function drive(rate: number, target: Target, receipts?: Receipts): Promise<RunResult> {
  const result: RunResult = { attempts: 0, granted: 0, ackMs: [], seconds: T };
  const started = performance.now();
  const until = started + T * 1000;
  const meanGapMs = rate > 0 ? (K / rate) * 1000 : 0;
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
  /** Of all server processes together. */
  cpu?: number;
  /** The largest server process's peak, and the sum of every process's peak. */
  maxRssMb?: number;
  sumRssMb?: number;
  /** Hold acks timed inside the server processes: request read → answer written. */
  serverAckMs?: number[];
  /** Event-loop delay during the run, the worst server process's. */
  loop?: ProcessStats['loopDelayMs'];
  /** 'Лучшие места' (2 seats, then release all) under the same load: acks timed inside the servers, and by the viewers. */
  best?: { serverAckMs: number[]; run: RunResult };
}

interface Sale {
  buyers: number;
  sold: number;
  refused: number;
  other: number;
  doubleSales: number;
  seatsInDb: number;
}

/** The real API in `processes` processes over one database and Redis prefix, viewers spread over them. */
async function measureSeatServer(
  rate: number,
  processes: number,
  redisUrl: string,
  prefix: string,
  databaseUrl: string | undefined,
): Promise<{ measured: Measured; sale: Sale }> {
  type Ready = { url: string; session: { id: number; price: number; start: string }; tokens: string[] };
  const env = {
    BENCH_VIEWERS: String(K + 2), // the last two are the probe's
    BENCH_REDIS_URL: redisUrl,
    BENCH_REDIS_PREFIX: prefix,
    BENCH_DATABASE_URL: databaseUrl ?? '',
    BENCH_APP_SECRET: randomBytes(32).toString('hex'),
  };
  const servers: ServerChild<Ready>[] = [
    await startServerChild<Ready>(path.join(HERE, 'seats-server.ts'), { ...env, BENCH_SEED: '1' }),
  ];
  while (servers.length < processes) servers.push(await startServerChild(path.join(HERE, 'seats-server.ts'), env));
  const { session } = servers[0]!.ready;
  const urls = servers.map((server) => server.ready.url);
  /** Viewer i's API process. */
  const urlOf = (i: number) => urls[i % urls.length]!;
  const tokens = servers[0]!.ready.tokens.slice(0, K);
  progress(`${processes} seat server process(es) up; connecting ${K} sockets`);
  const receipts = new Receipts();
  const sockets = await connectAll(K, async (i) => {
    const socket = await LeanSocketIo.connect(urlOf(i), tokens[i]!);
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
    PROBE_URL: urls[0]!,
    PROBE_GUEST_URL: urls.at(-1)!,
    PROBE_TOKEN: servers[0]!.ready.tokens[K]!,
    PROBE_STEADY_TOKEN: servers[0]!.ready.tokens[K + 1]!,
    PROBE_SESSION: String(session.id),
    PROBE_SECONDS: String(T),
  });
  progress(`driving the seat server (${processes} process(es), ${rate || 'closed loop'} holds/s)`);
  const before = await Promise.all(servers.map((server) => server.stats()));
  const [run, probed] = await Promise.all([drive(rate, target, receipts), probe.ask('run') as Promise<Probed>]);
  await probe.stop();
  await sleep(500); // the last deltas in flight
  const after = await Promise.all(servers.map((server) => server.stats()));
  const serverAckMs = (await Promise.all(servers.map((server) => server.ask('acks') as Promise<number[]>))).flat();
  const wallMs = run.seconds * 1000 + 500;
  const measured: Measured = {
    run,
    probe: probed,
    fanOutMs: receipts.fanOutMs(),
    deliveries: receipts.version.length,
    cpu: servers.reduce((sum, _, i) => sum + cpuPercent(before[i]!, after[i]!, wallMs), 0),
    maxRssMb: Math.max(...after.map((stats) => stats.maxRssKb / 1024)),
    sumRssMb: after.reduce((sum, stats) => sum + stats.maxRssKb / 1024, 0),
    loop: after.map((stats) => stats.loopDelayMs).reduce((a, b) => (b.p99 > a.p99 ? b : a)),
    serverAckMs,
  };

  progress(`best seats (${rate || 'closed loop'} requests/s)`);
  await Promise.all(servers.map((server) => server.ask('bests')));
  const bestRun = await drive(rate, {
    async hold(i) {
      return { ok: (await sockets[i]!.emit<{ ok: boolean }>('seats:best', { sessionId: session.id, count: 2 })).ok };
    },
    async release(i) {
      return { ok: (await sockets[i]!.emit<{ ok: boolean }>('seats:release-all', { sessionId: session.id })).ok };
    },
  });
  measured.best = {
    run: bestRun,
    serverAckMs: (await Promise.all(servers.map((server) => server.ask('bests') as Promise<number[]>))).flat(),
  };

  progress('purchase race');
  await sleep(2000); // let the servers drain what the load left queued
  // The purchase race: every viewer grabs a random seat and tries to buy it at the same moment,
  // through the API process its socket is on.
  const picks = tokens.map(() => HALL_SEATS[Math.floor(Math.random() * HALL_SEATS.length)]!);
  await Promise.all(picks.map((s, i) => seat(i, 'seats:hold', s)));
  const answers = await Promise.all(
    picks.map((s, i) =>
      fetch(`${urlOf(i)}/api/tickets/store`, {
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
  const db = (await servers[0]!.ask('duplicates')) as { seatsSold: number; duplicated: number };
  const sale = {
    buyers: K,
    sold: answers.filter((s) => s === 201).length,
    refused: answers.filter((s) => s === 409).length,
    other: answers.filter((s) => s !== 201 && s !== 409).length,
    doubleSales: [...soldTo.values()].filter((n) => n > 1).length + db.duplicated,
    seatsInDb: db.seatsSold,
  };
  sockets.forEach((s) => s.close());
  for (const server of servers.reverse()) await server.stop();
  return { measured, sale };
}

/** The same hold script, straight on Redis. */
async function measureRawScript(rate: number, redisUrl: string, prefix: string): Promise<Measured> {
  const redis = connectRedis(redisUrl);
  const sessionId = 1;
  // The same nine keys the server passes, in its order (the feed channel sixth: the raw script publishes too).
  const key = (k: string) => `${prefix}:raw:${sessionId}:${k}`;
  const keys = [key('meta'), key('sold'), key('holds'), key('deadlines'), `${prefix}:raw:expiry`, `${prefix}:raw:feed`];
  keys.push(key('plan'), key('spots'), key('extended'));
  const start = Date.now() + 3 * 3600_000;
  // SPEC's hall: 10 × 11 standard seats, the best view two thirds back in the middle.
  const plan = HALL_SEATS.map((code) => {
    const [row, place] = code.slice(1).split('m').map(Number);
    return [code, row, place, ''];
  });
  await SEAT_SCRIPTS.load.run(redis, keys, [
    sessionId,
    start,
    start + 3600_000,
    JSON.stringify({ seats: plan, best: [7, 6] }),
  ]);
  const call = async (script: 'hold' | 'release', args: (string | number)[]) => {
    const r = JSON.parse((await SEAT_SCRIPTS[script].run(redis, keys, [sessionId, ...args])) as string) as {
      status: string;
      version: number;
      changes?: unknown[];
    };
    return { ok: r.status === 'ok', version: r.changes ? r.version : undefined };
  };
  const target: Target = {
    hold: (i, seat) => call('hold', [i + 1, seat, 600_000, MAX_SEATS_PER_PURCHASE]),
    release: (i, seat) => call('release', [i + 1, seat]),
  };
  progress('driving the raw script');
  const run = await drive(rate, target);
  redis.disconnect();
  return { run };
}

/** A bare ws broadcast to the same number of sockets. */
async function measureBareWs(rate: number): Promise<Measured> {
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
  const run = await drive(rate, target, receipts);
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
    loop: after.loopDelayMs,
  };
}

const ms = (x: number) => (Number.isNaN(x) ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const perSecond = (n: number, s: number) => Math.round(n / s);

const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
const p50p99 = (xs?: number[]) => (xs ? `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 99))}` : '—');

/** One offered rate: the seat server with each number of processes, then the baselines, side by side. */
function report(rate: number, servers: { processes: number; io: Measured; sale: Sale }[], raw: Measured, ws: Measured) {
  const columns: [string, Measured][] = [
    ...servers.map(({ processes, io }): [string, Measured] => [`${processes} API proc.`, io]),
    ['raw EVALSHA', raw],
    ['bare ws', ws],
  ];
  console.log(`\n${K} viewers, ${rate > 0 ? `${rate} holds/s offered` : 'closed loop'}, ${T} s`);
  const row = (label: string, f: (m: Measured) => string) =>
    console.log(`${label.padEnd(34)}${columns.map(([, m]) => f(m).padStart(16)).join('')}`);
  console.log(`${''.padEnd(34)}${columns.map(([h]) => h.padStart(16)).join('')}`);
  row('hold ack p50/p99 ms, probe', (m) => p50p99(m.probe?.ackMs));
  row('hold ack p50/p99 ms, K viewers', (m) => p50p99(m.run.ackMs));
  row('hold ack p50/p99 ms, in the server', (m) => p50p99(m.serverAckMs));
  row('fan-out p50/p99 ms, probe', (m) => p50p99(m.probe?.fanOutMs));
  row('fan-out p50/p99 ms, K viewers', (m) => p50p99(m.fanOutMs));
  row(
    'holds/s (granted/s)',
    (m) => `${perSecond(m.run.attempts, m.run.seconds)} (${perSecond(m.run.granted, m.run.seconds)})`,
  );
  row('deliveries/s', (m) => (m.deliveries ? String(perSecond(m.deliveries, m.run.seconds)) : '—'));
  row('server CPU (% of a core, all)', (m) => (m.cpu === undefined ? '—' : m.cpu.toFixed(0)));
  row('server CPU µs per delivery', (m) =>
    m.cpu === undefined || !m.deliveries
      ? '—'
      : ((m.cpu / 100) * ((m.run.seconds * 1e6 + 5e5) / m.deliveries)).toFixed(1),
  );
  row('event-loop delay p99/max ms', (m) => (m.loop ? `${ms(m.loop.p99)} / ${ms(m.loop.max)}` : '—'));
  row('peak RSS MB (largest / all)', (m) =>
    m.maxRssMb === undefined ? '—' : `${m.maxRssMb.toFixed(0)} / ${m.sumRssMb?.toFixed(0) ?? m.maxRssMb.toFixed(0)}`,
  );

  for (const { processes, io, sale } of servers) {
    const holdsRatio = io.run.attempts / io.run.seconds / (raw.run.attempts / raw.run.seconds);
    const fanRatio = io.deliveries! / io.run.seconds / (ws.deliveries! / ws.run.seconds);
    const ackP99 = percentile(io.probe!.ackMs, 99);
    const fanP99 = percentile(io.probe!.fanOutMs, 99);
    console.log(
      `${processes} API process(es): hold ack p99 ${ms(ackP99)} ms (≤ 10: ${check(ackP99 <= 10)}), ` +
        `fan-out p99 ${ms(fanP99)} ms (≤ 100: ${check(fanP99 <= 100)}), ` +
        `peak RSS ${io.maxRssMb!.toFixed(0)} MB (≤ 300: ${check(io.maxRssMb! <= 300)}), ` +
        `holds/s ${holdsRatio.toFixed(2)} × raw (≥ 0.5: ${check(holdsRatio >= 0.5)}), ` +
        `deliveries/s ${fanRatio.toFixed(2)} × bare ws (≥ 0.6: ${check(fanRatio >= 0.6)})`,
    );
    const best = io.best!;
    const bestP99 = percentile(best.serverAckMs, 99);
    console.log(
      `  best seats (2, then release): server ack p99 ${ms(bestP99)} ms (≤ 20: ${check(bestP99 <= 20)}), ` +
        `viewers' ack p50/p99 ${ms(percentile(best.run.ackMs, 50))} / ${ms(percentile(best.run.ackMs, 99))} ms, ` +
        `${best.run.granted} of ${best.run.attempts} granted`,
    );
    console.log(
      `  purchase race: ${sale.buyers} buyers at once → ${sale.sold} sold, ${sale.refused} refused (409), ` +
        `${sale.other} other; ${sale.seatsInDb} seats in the database; double sales: ${sale.doubleSales}`,
    );
  }
  if (servers.length > 1) {
    const [one, ...more] = servers;
    for (const { processes, io } of more) {
      const scale = (label: string, f: (m: Measured) => number, unit: string) =>
        `${label} ${f(one!.io).toFixed(1)} → ${f(io).toFixed(1)}${unit}`;
      console.log(
        `scaling 1 → ${processes} API processes: ` +
          [
            scale('ack p99', (m) => percentile(m.probe!.ackMs, 99), ' ms'),
            scale('fan-out p99', (m) => percentile(m.probe!.fanOutMs, 99), ' ms'),
            scale('CPU per process', (m) => m.cpu! / (m === one!.io ? one!.processes : processes), ' %'),
            scale('largest RSS', (m) => m.maxRssMb!, ' MB'),
          ].join(', '),
      );
    }
  }
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-bench-'));
  const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
  const redisUrl = process.env.REDIS_URL ?? embedded!.url;
  await probeRedis(redisUrl);
  const prefix = `kino-bench:${process.pid}`;
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:seats — ${K} viewers, ${T} s per run, offered ${RATES.map((r) => (r > 0 ? `${r}/s` : 'closed loop')).join(', ')}, ` +
      `${PROCESSES.join(', ')} API process(es); ${os.cpus().length} cores, load average ${load.join(' ')} before the run`,
  );
  const serverUrl = process.env.DATABASE_URL;
  console.log(`database: ${serverUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite, inside the server process'}`);
  const processes = PROCESSES.filter((n) => n === 1 || serverUrl);
  if (processes.length < PROCESSES.length) console.log('several API processes need DATABASE_URL: skipped');

  let failed = false;
  let runs = 0;
  for (const rate of RATES) {
    const servers: { processes: number; io: Measured; sale: Sale }[] = [];
    for (const n of processes) {
      const database = serverUrl ? await createBenchDatabase(serverUrl, runs) : undefined;
      const { measured, sale } = await measureSeatServer(rate, n, redisUrl, `${prefix}:${runs++}`, database?.url);
      await database?.drop();
      servers.push({ processes: n, io: measured, sale });
      failed ||= sale.doubleSales > 0 || sale.other > 0;
    }
    const raw = await measureRawScript(rate, redisUrl, prefix);
    const ws = await measureBareWs(rate);
    report(rate, servers, raw, ws);
  }
  console.log(
    `\nload average after the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  if (embedded) await embedded.stop();
  else await deleteKeysUnder(redisUrl, prefix);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (failed) process.exitCode = 1;
}

await main();
