import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCinemaTime } from '../../contract/time';
import { announce } from '../../effects';
import { ManualClock } from '../infra/clock';
import { startApi, type RunningApi } from '../../server';
import { useTestApi } from '../../testing/api';
import { buildFilm } from '../../testing/factories';
import { HTML_TYPE, Presented, ResponseCaches } from './response-cache';

const api = useTestApi();

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the bytes as sent. */
const get = (base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const same = ({ date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest }: http.IncomingHttpHeaders) =>
  rest;

describe('the cached public reads', () => {
  it('answers brotli, gzip or plain as the client accepts, with an ETag, and 304 when it matches', async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Кэшируемый', promoImg: 'promo/c.webp', isRent: 1 });
    await announce(api.ctx, [{ what: 'films', ids: [film.id] }]);
    const plain = await get(api.t.url, '/api/banner');
    const br = await get(api.t.url, '/api/banner', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(api.t.url, '/api/banner', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(plain.body.toString())).toMatchObject({ id: film.id, title: 'Кэшируемый' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(new Set([plain, br, gzip].map((r) => r.headers.etag)).size).toBe(1);
    expect(br.headers.vary).toBe('Accept-Encoding');

    const again = await get(api.t.url, '/api/banner', { 'if-none-match': plain.headers.etag! });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('sends the same bytes and headers from memory as the full path did, security headers included', async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Одинаковый' });
    const first = await get(api.t.url, `/api/films/${film.id}`, { 'accept-encoding': 'br' });
    const second = await get(api.t.url, `/api/films/${film.id}`, { 'accept-encoding': 'br' });
    // Only the full path gives a request id: the second answer came from memory.
    expect(first.headers['x-request-id']).toBeDefined();
    expect(second.headers['x-request-id']).toBeUndefined();
    expect(same(second.headers)).toEqual(same(first.headers));
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-security-policy']).toBeDefined();
  });

  it('keeps query variants apart, and refuses a malformed one through the full path', async () => {
    const list = await get(api.t.url, '/api/films?genre=2147483647');
    expect(JSON.parse(list.body.toString())).toEqual([]);
    const bad = await get(api.t.url, '/api/films?genre=abc');
    expect(bad.status).toBe(400);
    expect((await get(api.t.url, '/api/films?genre=abc')).status).toBe(400);
  });
});

describe('a write seen by every API process', () => {
  let other: RunningApi;
  // Another "process": the same database and Redis, caches of its own.
  beforeAll(async () => {
    other = await startApi({ ...api.ctx }, 0, '127.0.0.1');
  });
  afterAll(() => other?.close());

  it('drops the cached banner in the other process once a film change commits here', async () => {
    const shown = await buildFilm(api.ctx.db, { title: 'Первый баннер', promoImg: 'promo/1.webp' });
    await announce(api.ctx, [{ what: 'films', ids: [shown.id] }]);
    const banner = async () => JSON.parse((await get(other.url, '/api/banner')).body.toString()) as { id: number };
    expect((await banner()).id).toBe(shown.id);
    expect((await banner()).id).toBe(shown.id);

    const newer = await buildFilm(api.ctx.db, { title: 'Новый баннер', promoImg: 'promo/2.webp' });
    await announce(api.ctx, [{ what: 'films', ids: [newer.id] }]);
    await expect.poll(async () => (await banner()).id).toBe(newer.id);
  });
});

describe('ResponseCaches', () => {
  it('does not keep what a read loaded while an invalidation was heard', async () => {
    const caches = new ResponseCaches();
    const stale = await caches.read('GET /banner', '/api/banner', async () => {
      caches.drop('banner');
      return 'before';
    });
    expect(stale.identity.toString()).toBe('"before"');
    expect(caches.lookup('GET /banner', '/api/banner')).toBeUndefined();
    const fresh = await caches.read('GET /banner', '/api/banner', async () => 'after');
    expect(caches.lookup('GET /banner', '/api/banner')).toBe(fresh);
  });

  it('keeps no more bytes than its budget: the pages stored longest ago go first, a dropped cache frees its bytes', async () => {
    const page = (n: number) => async () => new Presented(Buffer.from(`<p>${n}</p>`.repeat(2000)), HTML_TYPE);
    const one = await page(0)();
    const caches = new ResponseCaches(one.size * 3 + one.size / 2);
    for (let n = 0; n < 5; n++) await caches.readPage(`/films/${n}`, page(n));
    expect(caches.keptBytes).toBeLessThanOrEqual(caches.budgetBytes);
    expect([0, 1, 2, 3, 4].map((n) => caches.lookupPage(`/films/${n}`) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    const film = await caches.read('GET /films/:id', '/api/films/1', async () => ({ title: 'Фильм' }));
    expect(caches.lookup('GET /films/:id', '/api/films/1')).toBe(film);

    caches.drop('pages');
    expect(caches.keptBytes).toBe(film.size);
    const tooBig = await caches.readPage('/big', async () => new Presented(randomBytes(caches.budgetBytes), HTML_TYPE));
    expect(tooBig.status).toBe(200);
    expect(caches.lookupPage('/big')).toBeUndefined();
    expect(caches.keptBytes).toBe(film.size);
  });

  it("keeps the bill per cinema day, the day of the caches' clock", async () => {
    const clock = new ManualClock(fromCinemaTime('2031-03-10 12:00'));
    const caches = new ResponseCaches(undefined, clock);
    expect(caches.variant('GET /schedules', '/api/schedules')).toBe('/api/schedules|2031-03-10');
    expect(caches.variant('GET /banner', '/api/banner')).toBe('/api/banner');
    await caches.read('GET /schedules', '/api/schedules', async () => ['10 March']);
    expect(caches.lookup('GET /schedules', '/api/schedules')).toBeDefined();
    // Past the cinema's midnight the day's bill is another read, though no wall time passed.
    clock.set(fromCinemaTime('2031-03-11 00:30'));
    expect(caches.variant('GET /schedules', '/api/schedules')).toBe('/api/schedules|2031-03-11');
    expect(caches.lookup('GET /schedules', '/api/schedules')).toBeUndefined();
  });
});
