/**
 * Redis: REDIS_URL when set, otherwise a redis-server from PATH started on a free port with its
 * files under data/redis. Every key of a deployment starts with REDIS_PREFIX.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';
import { describeError, redactUrl } from './operator-messages';
import { settledWithin } from './time-limit';

export { Redis };

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export interface EmbeddedRedis {
  url: string;
  stop(): Promise<void>;
}

/** Finds an executable on PATH. */
export function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a private redis-server (no persistence) for the demo and the tests. */
export async function startEmbeddedRedis(dataDir: string, logger?: Logger): Promise<EmbeddedRedis> {
  const binary = which('redis-server');
  if (!binary) {
    throw new RedisUnavailableError(
      'REDIS_URL is not set and no redis-server was found on PATH. ' +
        'Install Redis (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) ' +
        'or point REDIS_URL at a running server, e.g. REDIS_URL=redis://127.0.0.1:6379.',
    );
  }
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stopChild = () => child.kill('SIGTERM');
  process.once('exit', stopChild);
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitFor(url, 10_000, () => child.exitCode !== null);
  } catch {
    stopChild();
    throw new RedisUnavailableError(
      `redis-server (${binary}) did not start: ${stderr.trim() || 'no answer on ' + url}`,
    );
  }
  logger?.info({ url }, 'started embedded redis-server');
  return {
    url,
    stop: async () => {
      process.removeListener('exit', stopChild);
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        stopChild();
      });
    },
  };
}

async function waitFor(url: string, timeoutMs: number, gaveUp: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await probeRedis(url, 500);
      return;
    } catch (err) {
      if (gaveUp() || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** One PING with no retries; throws RedisUnavailableError with the reason. */
export async function probeRedis(url: string, timeoutMs = 3000): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // connect() only says "Connection is closed"; the socket's own error says why (refused, timed out…).
  let cause: unknown;
  client.on('error', (err) => (cause ??= err));
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new RedisUnavailableError(`Redis at ${redactUrl(url)} does not answer: ${describeError(cause ?? err)}`);
  } finally {
    client.disconnect();
  }
}

/**
 * A long-lived connection that reconnects by itself. `forWorkers` connections block
 * (BullMQ workers, pub/sub) and must never give up a command. With a logger, an outage is one
 * warning line naming the reason (refused, timed out, …) and its end one info line.
 */
export function connectRedis(
  url: string,
  options: RedisOptions & { forWorkers?: boolean; logger?: Logger; name?: string } = {},
): Redis {
  const { forWorkers, logger, name = 'redis', ...rest } = options;
  const client = new Redis(url, {
    maxRetriesPerRequest: forWorkers ? null : 2,
    enableReadyCheck: true,
    ...rest,
  });
  const outage = connectionOutage(logger, name, url);
  // Reconnection is automatic; health reports the outage. Without a listener ioredis logs to stderr.
  client.on('error', outage.failed);
  client.on('ready', outage.recovered);
  return client;
}

/** Reports a connection's failures once per outage, in English and without its password. */
export function connectionOutage(logger: Logger | undefined, name: string, url: string) {
  let down = false;
  return {
    failed: (err: unknown) => {
      if (down) return;
      down = true;
      logger?.warn(
        { connection: name, redis: redactUrl(url), reason: describeError(err) },
        `${name}: Redis connection lost (${describeError(err)}); retrying`,
      );
    },
    recovered: () => {
      if (!down) return;
      down = false;
      logger?.info({ connection: name, redis: redactUrl(url) }, `${name}: Redis connection restored`);
    },
  };
}

/** Resolves once the commands already sent on this connection are answered (replies come in order). */
export async function drained(client: Redis, timeoutMs = 1000): Promise<void> {
  await settledWithin(client.ping(), timeoutMs);
}

/** Closes a long-lived connection: QUIT after the commands already queued, then drops the socket. */
export async function closeRedis(client: Redis, timeoutMs = 1000): Promise<void> {
  if (client.status !== 'end') await settledWithin(client.quit(), timeoutMs);
  client.disconnect();
}

/** Deletes every key under the prefix (SCAN, never KEYS): test and benchmark clean-up. */
export async function deleteKeysUnder(redisUrl: string, prefix: string): Promise<void> {
  const redis = connectRedis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Builds keys under the deployment's prefix, e.g. `keys.of('hold', 12)` → `kino:hold:12`. */
export class RedisKeys {
  constructor(readonly prefix: string) {}
  of(...parts: (string | number)[]): string {
    return [this.prefix, ...parts].join(':');
  }
}
