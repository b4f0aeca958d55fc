import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEmbeddedRedis } from '../lib/infra/redis';
import { startTestApi } from '../testing/harness';

/** Takes Redis's port once it stopped: connections are accepted and never answered (a hung Redis). */
async function hangOn(url: string) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(new URL(url).port), '127.0.0.1', resolve);
  });
  return {
    get connections() {
      return sockets.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('API shutdown while Redis hangs', () => {
  const unheard: unknown[] = [];
  const listen = (reason: unknown) => unheard.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', listen);
  });

  it('closes without a rejection nobody hears', async () => {
    const redis = await startEmbeddedRedis(fs.mkdtempSync(path.join(os.tmpdir(), 'kino-redis-')));
    const t = await startTestApi({ redisUrl: redis.url });
    await redis.stop();
    const hung = await hangOn(redis.url);
    process.on('unhandledRejection', listen);
    try {
      // The API's connections find the port again (ioredis retries within ~100 ms) and wait there
      // for an answer, so closing them fails every command they sent meanwhile.
      await vi.waitFor(() => expect(hung.connections).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await t.api.close();
      // Every connection ends now: commands still waiting on a closed client fail with it.
      await hung.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unheard.map(String)).toEqual([]);
    } finally {
      await hung.close();
      await t.ctx.close().catch(() => undefined);
    }
  });
});
