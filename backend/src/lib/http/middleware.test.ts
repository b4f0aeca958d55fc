import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { startTestApi, type TestApi } from '../../testing/harness';

describe('the API when its database is gone', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
    await t.ctx.database.close();
  });
  afterAll(() => t.close().catch(() => undefined));

  it('returns 503 unavailable in the JSON error shape, not 500', async () => {
    const res = await t.fetch('/api/genres');
    expect(res.status).toBe(503);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('unavailable');
  });
});
