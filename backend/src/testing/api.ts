/**
 * One API per test file, started before its tests and closed after them:
 *
 *   const api = useTestApi();
 *   it('…', async () => { await buildFilm(api.ctx.db); const { status, body } = await api.getJson('/api/films'); });
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestApi, type TestApi, type TestContextOptions } from './harness';

export interface TestApiHandle {
  readonly t: TestApi;
  readonly ctx: TestApi['ctx'];
  /** GET a path; the status and the parsed JSON body. */
  getJson(pathname: string): Promise<{ status: number; body: unknown }>;
}

export function useTestApi(options: TestContextOptions = {}): TestApiHandle {
  let current: TestApi | undefined;
  beforeAll(async () => {
    current = await startTestApi(options);
  });
  afterAll(() => current?.close());
  const started = () => {
    if (!current) throw new Error('useTestApi: the API starts in beforeAll; use it inside tests');
    return current;
  };
  return {
    get t() {
      return started();
    },
    get ctx() {
      return started().ctx;
    },
    async getJson(pathname) {
      const res = await started().fetch(pathname);
      return { status: res.status, body: (await res.json()) as unknown };
    },
  };
}
