/**
 * npm run bench:demo-memory — how much memory the demo (`npm run demo`: API + workers + PGlite in one
 * Node process, and its private redis-server) holds.
 *
 * Starts `node scripts/demo.mjs` over a fresh data folder on a free port, waits until it says it is
 * running (migrated, seeded), and reads the resident memory (RSS, /proc/<pid>/status VmRSS) of the
 * Node process and of redis-server: after seeding, after a minute of idling, and after visitors read
 * every public page (DEMO_MEMORY_ROUNDS rounds, default 20, of the home, the catalogue, each film,
 * news, promotion and person page, four at a time), and after a seat rush: DEMO_MEMORY_RUSH_VIEWERS
 * sockets (default 300, signed in as the demo's viewers) join one session's hall and hold and release
 * seats for DEMO_MEMORY_RUSH_SECONDS (30), each about once a second, as a hall fills when sales open.
 * Linux only (/proc). DEMO_MEMORY_IDLE_SECONDS (60) is how long each idle lasts. The server runs as
 * `npm run demo` runs it: compiled JavaScript (scripts/dist), built first when its sources changed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '@kino/backend/config';
import { toCinemaTime } from '@kino/backend/contract';
import { freePort } from '@kino/backend/lib/infra/redis';
import { SEED_ACCOUNTS } from '@kino/backend/seed/data/accounts';
import { LeanSocketIo } from './bench-lib';

const ROUNDS = Number(process.env.DEMO_MEMORY_ROUNDS ?? 20);
const IDLE_MS = Number(process.env.DEMO_MEMORY_IDLE_SECONDS ?? 60) * 1000;
const RUSH_VIEWERS = Number(process.env.DEMO_MEMORY_RUSH_VIEWERS ?? 300);
const RUSH_MS = Number(process.env.DEMO_MEMORY_RUSH_SECONDS ?? 30) * 1000;
/** Targets: idle after seeding, and after the visitors and the seat rush. */
const IDLE_TARGET_MB = 300;
const TARGET_MB = 400;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** VmRSS of a process, in kB (0 when it is gone). */
function rssKb(pid: number): number {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The processes under `pid` (children, grandchildren…), by reading each process's parent in /proc. */
function descendants(pid: number): { pid: number; name: string }[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(d), ppid, name }];
      } catch {
        return [];
      }
    });
  const found: { pid: number; name: string }[] = [];
  const visit = (parent: number) => {
    for (const p of all.filter((x) => x.ppid === parent)) {
      found.push({ pid: p.pid, name: p.name });
      visit(p.pid);
    }
  };
  visit(pid);
  return found;
}

/** What the server's /metrics says of its memory: V8's heap in use, and memory outside it (PGlite's WebAssembly heap, buffers). */
async function inside(url: string): Promise<string> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1] ?? NaN) / 1048576;
    return `V8 heap used ${value('nodejs_heap_size_used_bytes').toFixed(0)} MB, external ${value('nodejs_external_memory_bytes').toFixed(0)} MB`;
  } catch {
    return '';
  }
}

function sample(label: string, launcher: ChildProcess, detail = '', target = TARGET_MB) {
  const tree = descendants(launcher.pid!);
  const node = tree.filter((p) => p.name.startsWith('node')).map((p) => ({ ...p, rss: rssKb(p.pid) }));
  // The server is the biggest Node process under the launcher (scripts/demo.mjs is a thin parent).
  const server = node.sort((a, b) => b.rss - a.rss)[0];
  const redis = tree.filter((p) => p.name.startsWith('redis-server')).reduce((sum, p) => sum + rssKb(p.pid), 0);
  const serverKb = server?.rss ?? 0;
  console.log(
    `  ${label.padEnd(34)} server ${mb(serverKb).padStart(7)}   redis-server ${mb(redis).padStart(6)}   ` +
      `together ${mb(serverKb + redis).padStart(7)}   (launcher ${mb(rssKb(launcher.pid!))})` +
      `   server ≤ ${target} MB: ${serverKb / 1024 <= target ? 'ok' : 'MISSED'}`,
  );
  if (detail) console.log(`  ${''.padEnd(34)} ${detail}`);
}

async function visit(url: string, paths: string[]) {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const res = await fetch(url + next, { headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
      }
    }),
  );
}

/** Every session in an answer (the bill nests them under films): id, hall and start. */
function sessionsIn(value: unknown, found: { id: number; hall_id: number; start_time: string }[] = []) {
  if (Array.isArray(value)) for (const item of value) sessionsIn(item, found);
  else if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.id === 'number' && typeof v.hall_id === 'number' && typeof v.start_time === 'string')
      found.push({ id: v.id, hall_id: v.hall_id, start_time: v.start_time });
    for (const child of Object.values(v)) sessionsIn(child, found);
  }
  return found;
}

/**
 * The seat rush: the demo's viewers, signed in, on RUSH_VIEWERS sockets in one session's hall, each
 * holding a random seat and letting it go again about once a second. Answers how many holds were granted.
 */
async function seatRush(url: string): Promise<{ granted: number; refused: number; session: number }> {
  const post = async <T>(p: string, body: unknown) =>
    (await (
      await fetch(`${url}/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
  const viewers = SEED_ACCOUNTS.filter((a) => a.role === 'customer');
  const tokens = await Promise.all(
    viewers.map(
      async (a) => (await post<{ token: string }>('/authenticate', { email: a.email, password: a.password })).token,
    ),
  );
  const later = toCinemaTime(new Date(Date.now() + 2 * 3600_000));
  const session = sessionsIn(await (await fetch(`${url}/api/schedules`)).json()).find((s) => s.start_time > later);
  if (!session) throw new Error('no session two hours ahead on the bill');
  const plan = (await (await fetch(`${url}/api/halls/${session.hall_id}/plan`)).json()) as {
    seats: { code: string }[];
  };
  const seats = plan.seats.map((s) => s.code);

  const sockets = [];
  for (let i = 0; i < RUSH_VIEWERS; i++) {
    const socket = await LeanSocketIo.connect(url, tokens[i % tokens.length]!);
    const joined = await socket.emit<{ ok: boolean }>('seats:join', { sessionId: session.id });
    if (!joined.ok) throw new Error('seats:join refused');
    sockets.push(socket);
  }
  let granted = 0;
  let refused = 0;
  const until = Date.now() + RUSH_MS;
  await Promise.all(
    sockets.map(async (socket) => {
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        const seat = seats[Math.floor(Math.random() * seats.length)]!;
        const held = await socket.emit<{ ok: boolean }>('seats:hold', { sessionId: session.id, seat });
        if (!held.ok) {
          refused++;
          continue;
        }
        granted++;
        await socket.emit('seats:release', { sessionId: session.id, seat });
      }
    }),
  );
  for (const socket of sockets) socket.close();
  return { granted, refused, session: session.id };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-demo-memory-'));
  const port = await freePort();
  const launcher = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts', 'demo.mjs')], {
    cwd: ROOT_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      launcher.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Kino is running')) resolve();
      });
      launcher.on('exit', (code) => reject(new Error(`the demo exited (${code}) before it ran:\n${out}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    console.log(`\nnpm run demo on ${url}, a fresh data folder; resident memory (RSS):`);
    sample('seeded, ready', launcher, await inside(url), IDLE_TARGET_MB);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    sample(`idle ${IDLE_MS / 1000} s`, launcher, await inside(url), IDLE_TARGET_MB);

    const api = async <T>(p: string) => (await (await fetch(url + '/api' + p)).json()) as T;
    const films = await api<{ id: number }[]>('/films');
    const news = await api<{ id: number }[]>('/news');
    const stocks = await api<{ id: number }[]>('/stocks');
    const persons = await api<{ data: { id: number }[] }>('/persons?page=1');
    const pages = [
      '/',
      '/films',
      '/films/new',
      '/news',
      '/stocks',
      ...films.map((f) => `/films/${f.id}`),
      ...news.map((n) => `/news/${n.id}`),
      ...stocks.map((s) => `/stocks/${s.id}`),
      ...persons.data.map((p) => `/persons/${p.id}`),
    ];
    // The same addresses each round, as visitors read them: the page cache renders each again once a
    // minute (its safety net) or when what it shows changes.
    for (let round = 1; round <= ROUNDS; round++) await visit(url, pages);
    sample(`${ROUNDS} rounds of ${pages.length} pages`, launcher, await inside(url));
    const rush = await seatRush(url);
    sample(`seat rush: ${RUSH_VIEWERS} sockets, ${RUSH_MS / 1000} s`, launcher, await inside(url));
    console.log(
      `  ${''.padEnd(34)} session ${rush.session}: ${rush.granted} holds granted and released, ${rush.refused} refused`,
    );
    await new Promise((r) => setTimeout(r, IDLE_MS));
    sample(`idle ${IDLE_MS / 1000} s after`, launcher, await inside(url));
  } finally {
    launcher.kill('SIGTERM');
    await new Promise((r) => launcher.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
