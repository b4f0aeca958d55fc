import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CINEMA_TIME_ZONE } from '../../contract/constants';
import { cinemaTimeZone, setCinemaTimeZone } from '../../contract/time';
import { startTestApi, type TestApi } from '../../testing/harness';
import { SITE_CSP_HEADER, STORAGE_CSP } from './security-headers';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-web-'));
fs.writeFileSync(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><meta name="cinema-time-zone" content="Europe/Moscow" /></head><body></body></html>',
);

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ env: { SERVE_WEB: '1', WEB_DIST: web, CINEMA_TIMEZONE: 'Asia/Yekaterinburg' } });
  fs.mkdirSync(path.join(t.ctx.config.storageDir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(t.ctx.config.storageDir, 'images', 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await t.close();
  setCinemaTimeZone(DEFAULT_CINEMA_TIME_ZONE);
  fs.rmSync(web, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends the site policy, nosniff, DENY framing and the referrer policy on pages and the API', async () => {
    for (const res of [await t.fetch('/films/1'), await t.fetch('/api/health')]) {
      expect(res.headers.get('content-security-policy')).toBe(SITE_CSP_HEADER);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(SITE_CSP_HEADER).toContain(
      'frame-src https://www.youtube-nocookie.com https://rutube.ru https://yandex.ru;',
    );
  });

  it('serves uploads with nosniff and a sandboxing policy that runs and loads nothing', async () => {
    const res = await t.fetch('/storage/images/x.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(STORAGE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    expect((await t.fetch('/api/health/live')).headers.get('strict-transport-security')).toBeNull();
    const tls = await t.fetch('/api/health/live', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the cinema time zone in the page', () => {
  it('writes CINEMA_TIMEZONE into index.html, and uses it on the server', async () => {
    const html = await (await t.fetch('/schedule')).text();
    expect(html).toContain('<meta name="cinema-time-zone" content="Asia/Yekaterinburg" />');
    expect(cinemaTimeZone()).toBe('Asia/Yekaterinburg');
  });
});
