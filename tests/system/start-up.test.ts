import net from 'node:net';
import { freePort } from '@kino/backend/lib/infra/redis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import { removeTempDirs, startProcess, tempDataDir, whileRunning, type Started } from './support';

describe('the start-up of a Kino process', () => {
  let started: Started | undefined;
  afterEach(async () => {
    if (started && started.child.exitCode === null) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    started = undefined;
    removeTempDirs();
  });

  it('serves /api/health with status ok over the embedded database and its own redis-server, and stops on SIGTERM', async () => {
    const port = await freePort();
    started = startProcess('scripts/start.ts', {
      DATA_DIR: tempDataDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
    });
    const health = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        return res.status === 200 && ((await res.json()) as { status: string }).status === 'ok';
      } catch {
        return false;
      }
    };
    await until(health, 60_000, ...whileRunning(started));
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });

  it('stops with a clear message, not a stack trace, when DATABASE_URL is not a postgres URL', async () => {
    started = startProcess('scripts/start.ts', {
      DATABASE_URL: 'mysql://localhost/kino',
      REDIS_URL: inject('redisUrl'),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('Invalid configuration');
    expect(started.output()).toContain('DATABASE_URL: must be a postgres://');
    expect(started.output()).not.toMatch(/\n\s+at /);
  });

  it('stops with a clear message when the PostgreSQL server does not answer', async () => {
    const port = await freePort();
    started = startProcess('scripts/start.ts', {
      DATABASE_URL: `postgres://kino:pg-pass-1234@127.0.0.1:${port}/kino`,
      REDIS_URL: inject('redisUrl'),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(`Cannot connect to PostgreSQL at postgres://kino:***@127.0.0.1:${port}/kino`);
    expect(started.output()).not.toContain('pg-pass-1234');
    expect(started.output()).not.toMatch(/\n\s+at /);
  });

  it('stops saying the connection was refused when nothing listens at REDIS_URL, without its password', async () => {
    const port = await freePort();
    started = startProcess('scripts/start.ts', {
      DATA_DIR: tempDataDir(),
      REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}`,
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(`Redis at redis://:***@127.0.0.1:${port} does not answer: connection refused`);
    expect(started.output()).not.toContain('hunter2-secret');
    expect(started.output()).not.toMatch(/\n\s+at /);
  });

  it('stops saying the port is in use when another process listens on PORT', async () => {
    const busy = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    const { port } = busy.address() as net.AddressInfo;
    try {
      started = startProcess('scripts/start.ts', {
        DATA_DIR: tempDataDir(),
        REDIS_URL: inject('redisUrl'),
        HOST: '127.0.0.1',
        PORT: String(port),
        SERVE_WEB: '0',
      });
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(`Cannot listen on port ${port} on 127.0.0.1: the port is already in use`);
      expect(started.output()).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
    }
  });

  it('warns loudly on stderr when APP_SECRET is unset, whatever LOG_LEVEL says', async () => {
    const port = await freePort();
    started = startProcess('scripts/start.ts', {
      DATA_DIR: tempDataDir(),
      REDIS_URL: inject('redisUrl'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: '0',
      LOG_LEVEL: 'silent',
    });
    await until(() => started!.output().includes('APP_SECRET is not set'), 60_000, ...whileRunning(started));
    expect(started.output()).toContain('anyone can forge a sign-in');
  });

  it('tells how to get Redis when REDIS_URL is unset and no redis-server is on PATH', async () => {
    started = startProcess('scripts/start.ts', { DATA_DIR: tempDataDir(), PATH: '/nonexistent' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('no redis-server was found on PATH');
    expect(started.output()).toContain('REDIS_URL=redis://');
  });

  it('refuses to start in production without APP_SECRET', async () => {
    started = startProcess('scripts/start.ts', { NODE_ENV: 'production', REDIS_URL: inject('redisUrl') });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('APP_SECRET: is required in production');
  });
});
