import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness';
import { responseCache } from './cache';
import { startEmbeddedRedis } from './redis';

describe('responseCache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A load function over a value the test changes, counting its calls. */
  const source = (initial: unknown) => {
    const s = { value: initial, loads: 0, load: async () => (s.loads++, s.value) };
    return s;
  };

  it('serves the stored JSON text until invalidated, then loads again', async () => {
    const cache = responseCache('unit-basic');
    const data = source({ n: 1 });
    expect(await cache.read(ctx, data.load)).toBe('{"n":1}');
    data.value = { n: 2 };
    expect(await cache.read(ctx, data.load)).toBe('{"n":1}');
    expect(data.loads).toBe(1);
    await cache.invalidate(ctx);
    expect(await cache.read(ctx, data.load)).toBe('{"n":2}');
    expect(data.loads).toBe(2);
  });

  it('keeps variants apart and invalidates them all at once', async () => {
    const cache = responseCache('unit-variants');
    expect(await cache.read(ctx, async () => 'monday', '2031-01-06')).toBe('"monday"');
    expect(await cache.read(ctx, async () => 'tuesday', '2031-01-07')).toBe('"tuesday"');
    expect(await cache.read(ctx, async () => 'changed', '2031-01-06')).toBe('"monday"');
    await cache.invalidate(ctx);
    expect(await cache.read(ctx, async () => 'changed', '2031-01-06')).toBe('"changed"');
    expect(await cache.read(ctx, async () => 'changed too', '2031-01-07')).toBe('"changed too"');
  });

  it('does not keep what a read loaded while a write invalidated', async () => {
    const cache = responseCache('unit-race');
    const data = source('before');
    const racing = cache.read(ctx, async () => {
      const loaded = await data.load();
      // A write commits and invalidates after this read took its rows.
      data.value = 'after';
      await cache.invalidate(ctx);
      return loaded;
    });
    expect(await racing).toBe('"before"');
    expect(await cache.read(ctx, data.load)).toBe('"after"');
  });

  it('keeps its keys under the context prefix', async () => {
    await responseCache('unit-keys').read(ctx, async () => 1);
    const [, keys] = await ctx.redis.scan('0', 'MATCH', ctx.keys.of('cache', 'unit-keys', '*'), 'COUNT', 1000);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.startsWith(`${ctx.config.redisPrefix}:cache:unit-keys:`))).toBe(true);
  });
});

describe('responseCache with Redis down', () => {
  it('reads from the source and invalidates without throwing', async () => {
    const redis = await startEmbeddedRedis(fs.mkdtempSync(path.join(os.tmpdir(), 'kino-redis-')));
    const ctx = await createTestContext({ redisUrl: redis.url });
    const cache = responseCache('unit-down');
    try {
      expect(await cache.read(ctx, async () => 'stored')).toBe('"stored"');
      await redis.stop();
      expect(await cache.read(ctx, async () => 'fresh')).toBe('"fresh"');
      await expect(cache.invalidate(ctx)).resolves.toBeUndefined();
    } finally {
      // Its Redis is gone on purpose, so cleaning its keys fails.
      await ctx.close().catch(() => undefined);
    }
  });
});
