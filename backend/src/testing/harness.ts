/**
 * Per-test-file infrastructure: a context over a database of its own (cloned from the migrated
 * template) and Redis keys under a prefix of its own, and an API listening on 127.0.0.1.
 *
 *   const t = await startTestApi();   // in beforeAll
 *   const res = await t.fetch('/api/health');
 *   await t.close();                  // in afterAll
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { ApiInput, ApiKey, ApiOutput } from '../contract/api';
import { requestLine } from '../contract/endpoint';
import type { ErrorBody } from '../contract/errors';
import { loadConfig, type Config } from '../config';
import { createContext, type AppContext } from '../context';
import { startAtolEmulator, type AtolEmulator } from '../emulators/atol';
import { startYooKassaEmulator, type YooKassaEmulator } from '../emulators/yookassa';
import { startPushkaEmulator, type PushkaEmulator } from '../emulators/pushka';
import { NOTIFICATIONS_PATH } from '../emulators/yookassa/embedded';
import { openDatabase, type Database } from '../db';
import type { Clock } from '../lib/infra/clock';
import type { Logger } from '../lib/infra/logger';
import { deleteKeysUnder } from '../lib/infra/redis';
import { registerModuleDuties } from '../modules/duties';
import { ensureCinemaSettings } from '../seed/cinema';
import { startApi, type RunningApi } from '../server';
import { adminUrl, databaseUrlFor } from './postgres';
import './provided';

async function isolatedDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) {
    const dump = new Blob([fs.readFileSync(template)]);
    return { database: await openDatabase({ loadDataDir: dump }), drop: async () => {} };
  }
  const name = `kino_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    database: await openDatabase({ url: databaseUrlFor(serverUrl, name) }),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContextOptions {
  /** Extra environment for loadConfig, e.g. { HOLD_TTL_SECONDS: '2' }. */
  env?: Record<string, string>;
  /** Another Redis than the shared test server (e.g. one the test stops on purpose). */
  redisUrl?: string;
  /** The context's logger (testing/logs.ts captures what is logged); silent by default. */
  logger?: Logger;
  /** "Now" for the server's rules (a ManualClock to test at any hour); the system clock by default. */
  clock?: Clock;
  /**
   * The demo cinema's details in the settings, as a deployment has them once set up (true by default);
   * false: none yet, the state of a production's first start (the setup form).
   */
  cinema?: boolean;
}

export interface TestContext extends AppContext {
  /** A private directory standing in for data/ (uploads, outbox). */
  dataDir: string;
  /** The payment provider: a YooKassa emulator on loopback, of this context alone (`emulator.control` plays the buyer). */
  emulator: YooKassaEmulator;
  /** The cash register: an ATOL web-server emulator on loopback, of this context alone, on its clock. */
  atol: AtolEmulator;
  /** The Pushkin card's second YooKassa shop: another emulator of this context alone. */
  pushkinShop: YooKassaEmulator;
  /** The Pushkin card ticket registry and Pro.Культура's events: an emulator of this context alone, on its clock. */
  registryEmulator: PushkaEmulator;
}

/** Notifications come again quickly in tests (YooKassa waits from 10 s to a day). */
const REDELIVERY_MS = [50, 200, 500, 1000, 2000];

/** A context over an isolated database and Redis prefix. Close it in afterAll. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-data-'));
  const redisUrl = options.redisUrl ?? inject('redisUrl');
  const prefix = `kino-test:${randomUUID().slice(0, 8)}`;
  const emulator = await startYooKassaEmulator({ redeliveryDelaysMs: REDELIVERY_MS });
  const pushkinShop = await startYooKassaEmulator({ redeliveryDelaysMs: REDELIVERY_MS });
  const registryEmulator = await startPushkaEmulator({
    anyEvent: true,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const atol = await startAtolEmulator({
    dataDir,
    latencyMs: 0,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    HOST: '127.0.0.1',
    PORT: '0',
    YOOKASSA_API_URL: emulator.apiUrl,
    YOOKASSA_SHOP_ID: emulator.shopId,
    YOOKASSA_SECRET_KEY: emulator.secretKey,
    YOOKASSA_NOTIFICATION_SOURCES: '127.0.0.1/32,::1/128',
    ATOL_URL: atol.url,
    PUSHKIN_YOOKASSA_API_URL: pushkinShop.apiUrl,
    PUSHKIN_YOOKASSA_SHOP_ID: pushkinShop.shopId,
    PUSHKIN_YOOKASSA_SECRET_KEY: pushkinShop.secretKey,
    ...registryEmulator.env,
    // A test of production's rules runs without ЕАИС's address: its files are kept, as uploaded by hand (config.ts).
    ...(options.env?.NODE_ENV === 'production' ? { EAIS_MANUAL_UPLOAD: '1', EAIS_CINEMA_ID: 'kino-test' } : {}),
    ...options.env,
  });
  const { database, drop } = await isolatedDatabase();
  registerModuleDuties();
  const ctx = createContext({
    config,
    database,
    redisUrl,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    onClose: async () => {
      await emulator.close();
      await pushkinShop.close();
      await registryEmulator.close();
      await atol.close();
      await drop();
      await deleteKeysUnder(redisUrl, prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
  if (options.cinema !== false)
    await ensureCinemaSettings(ctx.db).catch(async (err: unknown) => {
      await ctx.close();
      throw err;
    });
  return { ...ctx, dataDir, emulator, atol, pushkinShop, registryEmulator };
}

export interface TestApi {
  ctx: TestContext;
  api: RunningApi;
  url: string;
  /** fetch against the API: `t.fetch('/api/films', { method: 'POST', json: {...}, token })`. */
  fetch(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /**
   * A declared endpoint, called as the web client calls it: `await t.call('GET /films/:id', { params: { id } })`.
   * The body is the parsed JSON (the declared answer on success, the error shape otherwise).
   */
  call<K extends ApiKey>(key: K, input?: CallInput<K>, token?: string): Promise<CallResult<K>>;
  close(): Promise<void>;
}

export async function startTestApi(options: TestContextOptions = {}): Promise<TestApi> {
  const ctx = await createTestContext(options);
  const api = await startApi(ctx, 0, '127.0.0.1');
  // PUBLIC_URL defaults to this process's own address, whose port is known only once it listens.
  if (!options.env?.PUBLIC_URL) ctx.config.publicUrl = api.url;
  ctx.emulator.control.setNotificationUrl(`${api.url}${NOTIFICATIONS_PATH}`);
  ctx.pushkinShop.control.setNotificationUrl(`${api.url}${NOTIFICATIONS_PATH}`);
  const fetchApi: TestApi['fetch'] = (pathname, { json, token, headers, ...init } = {}) => {
    const h = new Headers(headers);
    if (json !== undefined) h.set('content-type', 'application/json');
    if (token) h.set('authorization', `Bearer ${token}`);
    return fetch(new URL(pathname, api.url), {
      ...init,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : init.body,
    });
  };
  return {
    ctx,
    api,
    url: api.url,
    fetch: fetchApi,
    async call(key, input = {}, token) {
      const { method, path } = requestLine(key, input as { params?: object; query?: object });
      const { body } = input as { body?: unknown };
      const res = await fetchApi(`/api${path}`, {
        method,
        token,
        ...(body instanceof FormData ? { body } : body !== undefined ? { json: body } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined } as CallResult<typeof key>;
    },
    async close() {
      await api.close();
      await ctx.close();
    },
  };
}

/** Input of a test call: as the client sends it, but anything goes (tests send bad input on purpose). */
export type CallInput<K extends ApiKey> = Partial<ApiInput<K>> | { params?: object; query?: object; body?: unknown };
export interface CallResult<K extends ApiKey> {
  status: number;
  body: ApiOutput<K> & ErrorBody;
}
