/**
 * The production build as the image runs it: `npm run build:server`, then `node scripts/dist/…`
 * with NODE_ENV=production — plain JavaScript, no tsx, no TypeScript at run time.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '@kino/backend/config';
import { freePort } from '@kino/backend/lib/infra/redis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import { removeTempDirs, tempDataDir, whileRunning, type Started } from './support';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'p'.repeat(40),
  SERVE_WEB: '0',
  HOST: '127.0.0.1',
  // Production requires a payment shop; nothing here takes a payment (and nothing answers there).
  YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
  YOOKASSA_SHOP_ID: 'test-shop',
  YOOKASSA_SECRET_KEY: 'test-secret',
  // And a cash register; nothing here sells at the till.
  ATOL_URL: 'http://127.0.0.1:9',
  // And ЕАИС: its files kept (as uploaded by hand). No PUSHKA_API_URL: the Pushkin card is not accepted.
  EAIS_MANUAL_UPLOAD: '1',
  EAIS_CINEMA_ID: 'test',
};

/** A compiled script run by plain node, with only the environment given. */
function runCompiled(script: string, env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts', 'dist', script)], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('the production build', () => {
  beforeAll(() => {
    const build = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT_DIR, encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).toBe(0);
  }, 180_000);
  afterAll(removeTempDirs);

  it('emits JavaScript only, every import of our own code naming a file', () => {
    const start = fs.readFileSync(path.join(ROOT_DIR, 'scripts', 'dist', 'start.js'), 'utf8');
    expect(start).toContain('from "../../backend/dist/config.js"');
    expect(start).not.toMatch(/from ['"]@kino\//);
    expect(fs.existsSync(path.join(ROOT_DIR, 'backend', 'dist', 'modules', 'seats', 'lua', 'hold.lua'))).toBe(true);
  });

  it('migrates with `node scripts/dist/migrate.js` and exits 0', async () => {
    const run = runCompiled('migrate.js', {
      ...PRODUCTION,
      PUBLIC_URL: 'https://kino.example.ru',
      DATA_DIR: tempDataDir(),
    });
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('migrations applied');
  });

  it('serves the API in production mode, ready, with security headers, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const run = runCompiled('start.js', {
      ...PRODUCTION,
      PUBLIC_URL: 'https://kino.example.ru',
      PORT: String(port),
      DATA_DIR: tempDataDir(),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `kino-prod-${port}`,
    });
    const ready = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200;
      } catch {
        return false;
      }
    };
    try {
      await until(ready, 90_000, ...whileRunning(run));
      const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(await live.json()).toEqual({ status: 'live' });
      expect(live.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(live.headers.get('x-content-type-options')).toBe('nosniff');
      expect(run.output()).not.toContain('APP_SECRET is not set');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited, run.output()).toBe(0);
  });

  it('refuses to start in production without PUBLIC_URL, naming it', async () => {
    const run = runCompiled('start.js', { ...PRODUCTION, REDIS_URL: inject('redisUrl'), DATA_DIR: tempDataDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PUBLIC_URL: is required in production');
    expect(run.output()).not.toMatch(/\n\s+at /);
  });
});
