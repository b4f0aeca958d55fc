import { freePort } from '@kino/backend/lib/redis';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startProcess, tempDataDir, waitUntil, type Started } from './support';

describe('the demo process (scripts/demo.ts, after `npm run demo` installed and built)', () => {
  let demo: Started | undefined;
  afterAll(async () => {
    demo?.child.kill('SIGTERM');
    await demo?.exited;
    removeTempDirs();
  });

  it('seeds, serves the site and the API, and prints the URL and the demo logins', async () => {
    const port = await freePort();
    demo = startProcess('scripts/demo.ts', { DATA_DIR: tempDataDir(), PORT: String(port), LOG_LEVEL: 'warn' });
    await waitUntil(() => demo!.output().includes('Kino is running at'), demo, 120_000);
    expect(demo.output()).toContain(`Kino is running at http://localhost:${port}`);
    expect(demo.output()).toContain('admin@kino.local');
    expect(demo.output()).toContain('password kino-demo-2026');

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root"></div>');
    // A deep link gets the app too (client-side routing), and seeded artwork is served.
    expect((await fetch(`${base}/films/1`)).status).toBe(200);
    const poster = await fetch(`${base}/storage/images/seed/posters/helios.svg`);
    expect(poster.headers.get('content-type')).toContain('image/svg+xml');
  });
});
