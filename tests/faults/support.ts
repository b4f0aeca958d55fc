/**
 * Fault tests run Kino as an operator does — real processes (scripts/start.ts) over a real
 * PostgreSQL and a private redis-server — and break things under them: signals, kill -9, a
 * database that vanishes (a TCP proxy the test stops; the machine's PostgreSQL is never touched),
 * a Redis restarted empty.
 *
 * PostgreSQL: FAULTS_DATABASE_URL, else DATABASE_URL, else postgres://<OS user>@127.0.0.1:5432/test
 * (what .ci/run provides). Each test file gets a database of its own, migrated, dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, ROOT_DIR } from '@kino/backend/config';
import { openDatabase, type Database } from '@kino/backend/db';
import { freePort } from '@kino/backend/lib/infra/redis';
import { adminUrl, databaseUrlFor } from '@kino/backend/testing/postgres';
import { until } from '@kino/backend/testing/wait';

export const SECRET = 'faults-secret-faults-secret-faults-secret';
/** The configuration the test process needs to sign tokens the child processes accept. */
export const testConfig = () => loadConfig({ NODE_ENV: 'test', APP_SECRET: SECRET, LOG_LEVEL: 'silent' });

const SERVER_URL =
  process.env.FAULTS_DATABASE_URL ||
  process.env.DATABASE_URL ||
  `postgres://${os.userInfo().username}@127.0.0.1:5432/test`;

/** Whether a PostgreSQL server answers (the suite is skipped, saying so, when none does). */
export async function postgresAnswers(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl(SERVER_URL), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.warn(`faults: no PostgreSQL at ${adminUrl(SERVER_URL)}; set FAULTS_DATABASE_URL to run these tests`);
    return false;
  }
}

export interface FaultDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the server. */
export async function createFaultDatabase(): Promise<FaultDatabase> {
  const { default: pg } = await import('pg');
  const name = `kino_f_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl(SERVER_URL) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = databaseUrlFor(SERVER_URL, name);
  const database = await openDatabase({ url });
  await database.migrate();
  return {
    url,
    database,
    async drop() {
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl(SERVER_URL) });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A redis-server of the test's own on a fixed port: stopping and starting it again is a restart (empty: no persistence). */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-faults-redis-'));
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  static async start() {
    const redis = new PrivateRedis(await freePort());
    await redis.start();
    return redis;
  }
  async start() {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      {
        stdio: 'ignore',
      },
    );
    await until(() => portAnswers(this.port), 10_000, 'redis-server did not start');
  }
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
  async close() {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A TCP proxy on a fixed port: `stop()` cuts every connection and refuses new ones, as a database that went away. */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}
  static async start(targetUrl: string) {
    const url = new URL(targetUrl);
    const proxy = new TcpProxy(await freePort(), { host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    return proxy;
  }
  /** The same URL, through the proxy. */
  via(targetUrl: string) {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }
  async start() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }
  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

export interface Kino {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

/** scripts/start.ts in a child process; resolves once it answers /api/health/live. */
export async function startKino(env: Record<string, string>): Promise<Kino> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'scripts', 'start.ts')], {
    cwd: ROOT_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      APP_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kino-faults-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`kino exited early:\n${output}`);
      return (await fetch(`${url}/api/health/live`).catch(() => undefined))?.ok === true;
    },
    60_000,
    () => `kino did not start:\n${output}`,
  );
  return {
    child,
    url,
    port,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
