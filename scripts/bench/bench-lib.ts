/**
 * Pieces shared by the benchmark runners: percentiles, a child-process server with CPU and peak
 * RSS reports over IPC, and a lean Socket.IO protocol client so that 1,000 simulated viewers
 * cost the load generator about what 1,000 bare `ws` clients cost it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { adminUrl, databaseUrlFor } from '@kino/backend/testing/postgres';
import { WebSocket } from 'ws';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The payment shop of a benchmark that takes no payment: production requires one; nothing answers there. */
export const NO_PAYMENTS = {
  YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
  YOOKASSA_SHOP_ID: 'bench',
  YOOKASSA_SECRET_KEY: 'bench',
};

/**
 * The state's registries of a benchmark that reports to neither: production requires ЕАИС (config.ts), whose files
 * stay in DATA_DIR/eais/ (as uploaded by hand); without PUSHKA_API_URL the Pushkin card is not accepted.
 */
export const NO_REGISTRIES = {
  EAIS_MANUAL_UPLOAD: '1',
  EAIS_CINEMA_ID: 'bench',
};

/** p-th percentile (0–100) of unsorted samples; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** What a server child reports about itself. */
export interface ProcessStats {
  /** process.cpuUsage(): user and system microseconds since start. */
  cpu: { user: number; system: number };
  /** Peak resident set size, kilobytes. */
  maxRssKb: number;
  /**
   * How late the event loop came round since the previous report (ms): what a message arriving
   * at a random moment waits before it is read, e.g. behind a broadcast being written.
   */
  loopDelayMs: { p50: number; p99: number; max: number };
}

export type ChildMessage =
  | { type: 'ready'; [key: string]: unknown }
  | { type: 'stats'; stats: ProcessStats }
  | { type: 'result'; value: unknown };

/** Answers the runner's requests in a server child: stats, stop, and any extra ones given. */
export function serveParent(handlers: Record<string, () => Promise<unknown>>, stop: () => Promise<void>) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'stats') {
      const ms = (ns: number) => ns / 1e6;
      const loopDelayMs = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
      loop.reset();
      const stats: ProcessStats = { cpu: process.cpuUsage(), maxRssKb: process.resourceUsage().maxRSS, loopDelayMs };
      process.send!({ type: 'stats', stats });
    } else if (msg.type === 'stop') {
      await stop();
      process.exit(0);
    } else if (handlers[msg.type]) {
      process.send!({ type: 'result', value: await handlers[msg.type]!() });
    }
  });
}

export interface ServerChild<Ready> {
  child: ChildProcess;
  ready: Ready;
  stats(): Promise<ProcessStats>;
  ask(type: string): Promise<unknown>;
  stop(): Promise<void>;
}

/** Starts a TypeScript server script in its own process (through tsx) and waits for its 'ready' message. */
export async function startServerChild<Ready>(script: string, env: NodeJS.ProcessEnv): Promise<ServerChild<Ready>> {
  // BENCH_CPU_PROF=<dir>: each server process writes a CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...profile],
    stdio: 'inherit',
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (msg: ChildMessage) => {
        if (msg.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(msg as T);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} exited (${code}) before answering`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next<Ready>('ready');
  return {
    child,
    ready,
    async stats() {
      child.send({ type: 'stats' });
      return (await next<{ stats: ProcessStats }>('stats')).stats;
    },
    async ask(type) {
      child.send({ type });
      return (await next<{ value: unknown }>('result')).value;
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/** Every version a delta frame carries (a frame holds the deltas of one moment), read without parsing it. */
export const versionsOf = (raw: string) => Array.from(raw.matchAll(/"version":(\d+)/g), (m) => Number(m[1]));

/** CPU use between two reports, as a percentage of one core. */
export const cpuPercent = (a: ProcessStats, b: ProcessStats, wallMs: number) =>
  ((b.cpu.user - a.cpu.user + b.cpu.system - a.cpu.system) / 1000 / wallMs) * 100;

/**
 * A Socket.IO client speaking the wire protocol directly (Engine.IO 4 over a websocket):
 * `40{auth}` to connect, `42<id>[event, payload]` to emit with an acknowledgement, `43<id>[reply]`
 * back, `2`/`3` for pings. Deltas are handed over raw, to be timed, not parsed.
 */
export class LeanSocketIo {
  private nextAck = 0;
  private readonly acks = new Map<number, (reply: unknown) => void>();
  onEvent: (raw: string) => void = () => undefined;

  private constructor(private readonly ws: WebSocket) {}

  static connect(baseUrl: string, token: string): Promise<LeanSocketIo> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const client = new LeanSocketIo(ws);
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text === '2') ws.send('3');
        else if (text.startsWith('42')) client.onEvent(text);
        else if (text.startsWith('43')) client.answer(text);
        else if (text.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
        else if (text.startsWith('40')) resolve(client);
        else if (text.startsWith('44')) reject(new Error(`connection refused: ${text}`));
      });
    });
  }

  private answer(text: string) {
    const match = /^43(\d+)(.*)$/s.exec(text);
    if (!match) return;
    const id = Number(match[1]);
    this.acks.get(id)?.((JSON.parse(match[2]!) as unknown[])[0]);
    this.acks.delete(id);
  }

  emit<T>(event: string, payload: unknown): Promise<T> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve as (reply: unknown) => void);
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  close() {
    this.ws.close();
  }
}

/** A fresh database on the DATABASE_URL server for the run, dropped after it. */
export async function createBenchDatabase(serverUrl: string, run: number) {
  const { default: pg } = await import('pg');
  const name = `kino_bench_${process.pid}_${run}`;
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
