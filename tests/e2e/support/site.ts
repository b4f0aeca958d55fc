/**
 * The site under test: the built front end (frontend/dist) served by a real API over an isolated
 * database and Redis prefix, and a Chromium to look at it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '@kino/backend/config';
import { startTestApi, type TestApi } from '@kino/backend/testing/harness';
import { launchBrowser, type TestBrowser } from './browser';
import { CLOCK_SHIFT_MS } from './clock';

export interface TestSite extends TestApi {
  browser: TestBrowser;
}

/**
 * `browserArgs`: Chromium flags beyond the usual; `cinema`: false starts without the cinema's details, as a
 * production deployment's first start (the demo cinema's otherwise).
 */
export async function startSite(
  env: Record<string, string> = {},
  { browserArgs = [], cinema = true }: { browserArgs?: string[]; cinema?: boolean } = {},
): Promise<TestSite> {
  for (const built of [path.join('dist', 'index.html'), path.join('dist-ssr', 'entry-server.js')]) {
    if (!fs.existsSync(path.join(ROOT_DIR, 'frontend', built))) {
      throw new Error(`frontend/${built} is missing: run \`npm run build\` before the browser tests.`);
    }
  }
  // A moved clock (clock.ts) is the API's too, down to the seat scripts in Redis (lua/clock.lua).
  const clock = CLOCK_SHIFT_MS ? { clock: { now: () => new Date() } } : {};
  const api = await startTestApi({ env: { SERVE_WEB: '1', ...env }, cinema, ...clock });
  try {
    const browser = await launchBrowser({ args: browserArgs });
    return {
      ...api,
      browser,
      async close() {
        await browser.close();
        await api.close();
      },
    };
  } catch (err) {
    await api.close();
    throw err;
  }
}
