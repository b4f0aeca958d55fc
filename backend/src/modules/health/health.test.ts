import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '../../contract/health';
import { createTestContext, startTestApi, type TestApi } from '../../testing/harness';
import { startEmbeddedRedis } from '../../lib/infra/redis';
import { startApi } from '../../server';

describe('GET /api/health', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.close());

  it('returns 200 with database and redis ok when both answer', async () => {
    const res = await t.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(HealthResponseSchema.parse(await res.json())).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('answers GET /api/health/live and /api/health/ready with 200', async () => {
    const live = await t.fetch('/api/health/live');
    expect(live.status).toBe(200);
    expect(LivenessResponseSchema.parse(await live.json())).toEqual({ status: 'live' });
    const ready = await t.fetch('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ReadinessResponseSchema.parse(await ready.json())).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.fetch('/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await t.fetch('/api/health');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/health with a dependency down', () => {
  it('returns 503 naming redis when Redis stops answering', async () => {
    const redis = await startEmbeddedRedis(fs.mkdtempSync(path.join(os.tmpdir(), 'kino-redis-')));
    const t = await startTestApi({ redisUrl: redis.url });
    await redis.stop();
    try {
      const res = await t.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'down' });
      const ready = await t.fetch('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'down' });
      expect((await t.fetch('/api/health/live')).status).toBe(200);
    } finally {
      // Cleaning its Redis keys fails: that Redis is gone on purpose.
      await t.close().catch(() => undefined);
    }
  });

  it('returns 503 naming the database when it is closed', async () => {
    const ctx = await createTestContext();
    const api = await startApi(ctx, 0, '127.0.0.1');
    await ctx.database.close();
    try {
      const res = await fetch(`${api.url}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'down', redis: 'ok' });
    } finally {
      await api.close();
      await ctx.close().catch(() => undefined);
    }
  });
});
