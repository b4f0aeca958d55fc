/**
 * `npm run bench:api`: the public reads the home page makes on every visit (and the catalogue and a
 * film page) and the pages rendered on the server (home and a film page; `npm run build` first), under load from wrk (Debian) or autocannon (npm), against the API run as an operator
 * runs it — compiled JavaScript, NODE_ENV=production, LOG_LEVEL=info — on the demo data, embedded
 * (PGlite) and with DATABASE_URL; then, in the same run, a bare node:http server answering each path
 * with the very same bytes and headers the API sent. Prints requests/s and p50/p99 of both and the
 * ratio (target ≥ 0.5×); `--record` writes the table into docs/benchmarks.md.
 *
 *   npm run bench:api -- [--seconds 10] [--connections 50] [--only embedded|postgres] [--record]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@kino/backend/lib/infra/redis';
import pg from 'pg';
import { NO_PAYMENTS, NO_REGISTRIES, sleep } from './bench-lib';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    record: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ACCEPT_ENCODING = 'gzip, deflate, br';
const POSTGRES = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';

interface Captured {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}
interface Load {
  rps: number;
  p50: number;
  p99: number;
}
interface Row {
  setup: string;
  path: string;
  bytes: number;
  encoding: string;
  api: Load;
  bare: Load;
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, argv, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`);
}

/** GET with the browser's Accept-Encoding, keeping the bytes as sent (compressed or not). */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers = { ...res.headers };
          // Per-response headers the bare server would otherwise send stale or twice.
          for (const h of ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']) delete headers[h];
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** A bare node:http server (its own process, like the API) answering each path with captured bytes. */
async function startBare(responses: Record<string, Captured>): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `kino-bare-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(Object.entries(responses).map(([p, r]) => [p, { ...r, body: r.body.toString('base64') }])),
    ),
  );
  const source = `
    const http = require('node:http');
    const raw = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    const routes = new Map(Object.entries(raw).map(([p, r]) => [p, { ...r, body: Buffer.from(r.body, 'base64') }]));
    http.createServer((req, res) => {
      const r = routes.get(req.url);
      if (!r) { res.statusCode = 404; return res.end(); }
      res.writeHead(r.status, r.headers);
      res.end(r.body);
    }).listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** Requests/s and latency of `url` with CONNECTIONS connections for SECONDS. */
async function load(url: string): Promise<Load> {
  if (hasWrk) {
    const out = spawnSync(
      'wrk',
      ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, url],
      { encoding: 'utf8' },
    ).stdout;
    const ms = (label: string) => {
      const m = new RegExp(`\\s${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
      if (!m) return NaN;
      return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[m[2] as 'us' | 'ms' | 's'];
    };
    return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: ms('50%'), p99: ms('99%') };
  }
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The compiled API, as the image runs it; resolves once it is ready. */
async function startApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/dist/start.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Required in production; nothing here sells at the till, so no register answers it.
      ATOL_URL: 'http://127.0.0.1:16732',
      ...NO_REGISTRIES,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      // The pages rendered on the server are measured too (the built site: `npm run build`).
      SERVE_WEB: '1',
      // No payment is taken here: a shop whose address answers nothing (production requires one).
      ...NO_PAYMENTS,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child };
    if (child.exitCode !== null) throw new Error('the API exited while starting');
    await sleep(200);
  }
  throw new Error('the API did not become ready');
}

async function measure(setup: string, env: Record<string, string>): Promise<Row[]> {
  run(process.execPath, ['scripts/dist/seed.js'], { ...env, LOG_LEVEL: 'warn' });
  const api = await startApi(env);
  try {
    const films = (await (await fetch(`${api.url}/api/films`)).json()) as { id: number }[];
    const paths = [
      '/api/schedules',
      '/api/films/news',
      '/api/banner',
      '/api/films',
      `/api/films/${films[0]!.id}`,
      '/',
      `/films/${films[0]!.id}`,
    ];
    const responses: Record<string, Captured> = {};
    for (const p of paths) {
      await capture(api.url + p); // a first read fills the caches
      responses[p] = await capture(api.url + p);
    }
    const bare = await startBare(responses);
    const rows: Row[] = [];
    try {
      for (const p of paths) {
        const apiLoad = await load(api.url + p);
        const bareLoad = await load(bare.url + p);
        const r = responses[p]!;
        rows.push({
          setup,
          path: p,
          bytes: r.body.length,
          encoding: String(r.headers['content-encoding'] ?? 'identity'),
          api: apiLoad,
          bare: bareLoad,
        });
        printRow(rows.at(-1)!);
      }
    } finally {
      bare.stop();
    }
    return rows;
  } finally {
    api.child.kill('SIGTERM');
    await new Promise((resolve) => api.child.once('exit', resolve));
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const HEADER =
  '| setup | path | bytes sent | encoding | API req/s | API p50 / p99 ms | bare req/s | bare p50 / p99 ms | ratio |\n' +
  '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |';
const line = (r: Row) =>
  `| ${r.setup} | \`${r.path}\` | ${r.bytes} | ${r.encoding} | ${fmt(r.api.rps)} | ${fmt(r.api.p50, 2)} / ${fmt(r.api.p99, 2)} | ` +
  `${fmt(r.bare.rps)} | ${fmt(r.bare.p50, 2)} / ${fmt(r.bare.p99, 2)} | **${fmt(r.api.rps / r.bare.rps, 2)}×** |`;
let printedHeader = false;
function printRow(r: Row) {
  if (!printedHeader) console.log(`\n${HEADER}`);
  printedHeader = true;
  console.log(line(r));
}

const SETTING =
  `${hasWrk ? 'wrk -t1' : 'autocannon'}, ${CONNECTIONS} connections, ${SECONDS} s per run, ` +
  `Accept-Encoding: ${ACCEPT_ENCODING}; ${os.cpus().length} cores, Node ${process.version}`;

async function main() {
  const loadBefore = os.loadavg()[0]!;
  console.log(`bench:api — ${SETTING}; load average ${fmt(loadBefore, 2)}`);
  run('npm', ['run', 'build:server']);
  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-bench-api-'));
  try {
    if (args.only !== 'postgres') {
      rows.push(...(await measure('embedded (PGlite)', { DATA_DIR: dataDir, SERVICES: 'api,workers' })));
    }
    if (args.only !== 'embedded') {
      const database = `kino_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`create database ${database}`);
      try {
        const url = new URL(POSTGRES);
        url.pathname = `/${database}`;
        rows.push(
          ...(await measure('PostgreSQL', {
            DATA_DIR: dataDir,
            DATABASE_URL: url.toString(),
            REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
            REDIS_PREFIX: `kino-bench-${process.pid}`,
            SERVICES: 'api',
          })),
        );
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const worst = Math.min(...rows.map((r) => r.api.rps / r.bare.rps));
  console.log(`\nLowest ratio: ${fmt(worst, 2)}× (target ≥ 0.5×) — ${worst >= 0.5 ? 'met' : 'NOT met'}`);
  if (args.record) await record(rows, loadBefore);
}

/** Replaces the table between the bench:api markers of docs/benchmarks.md (formatted as the repo's prettier does). */
async function record(rows: Row[], loadBefore: number) {
  const file = path.join(ROOT, 'docs', 'benchmarks.md');
  const text = fs.readFileSync(file, 'utf8');
  const [start, end] = ['<!-- bench:api:start -->', '<!-- bench:api:end -->'];
  const caption = `Recorded ${new Date().toISOString().slice(0, 10)} by \`npm run bench:api -- --record\` (${SETTING}; load average ${fmt(loadBefore, 2)} before the run).`;
  const table = `${start}\n\n${caption}\n\n${HEADER}\n${rows.map(line).join('\n')}\n\n${end}`;
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), table)
    : `${text.trimEnd()}\n\n${table}\n`;
  const prettier = await import('prettier');
  fs.writeFileSync(file, await prettier.format(next, { ...(await prettier.resolveConfig(file)), filepath: file }));
  console.log(`recorded in ${path.relative(ROOT, file)}`);
}

await main();
