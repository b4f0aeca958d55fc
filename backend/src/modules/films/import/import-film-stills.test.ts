/** importFilmStills against a fake Kinopoisk on loopback and a real database. */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../contract/film-import';
import { schema } from '../../../db';
import { storedImagePath } from '../../../lib/documents/images';
import { linkFilm } from '../../../testing/factories';
import type { FakeImageKind } from '../../../testing/kinopoisk-fake';
import { findFilm } from '../service';
import { importFilm } from './import-film';
import { importFilmStills, STILLS_MAX } from './import-film-stills';
import { refusal, rowCounts, startImportTest, storedFiles, withApiKey, type ImportTest } from './test-support';

let t: ImportTest;
beforeAll(async () => {
  t = await startImportTest();
});
afterAll(() => t.close());

/** A film on the fake with `count` stills (kinds by position), imported into our cinema. */
async function filmWithStills(kinopoiskId: number, count: number, kinds: Record<number, FakeImageKind> = {}) {
  const stills = Array.from({ length: count }, (_, i) =>
    t.kp.image(`stills/${kinopoiskId}/${i + 1}.jpg`, kinds[i] ?? 'jpeg'),
  );
  const kp = t.kp.addFilm(t.kp.sampleFilm(kinopoiskId, { stills }));
  const { id } = await importFilm(t.ctx, kinopoiskId);
  return { id, stills, kp };
}

const sourcesOf = async (filmId: number) =>
  (
    await t.ctx.db
      .select({ sourceUrl: schema.filmPhotos.sourceUrl })
      .from(schema.filmPhotos)
      .where(eq(schema.filmPhotos.filmId, filmId))
      .orderBy(schema.filmPhotos.id)
  ).map((r) => r.sourceUrl);

describe('importFilmStills', () => {
  it('stores every still across pages as film photos and answers them', async () => {
    const { id, stills } = await filmWithStills(501, 25);
    const progress: ImportProgress[] = [];

    const answer = await importFilmStills(t.ctx, 501, { onProgress: (p) => void progress.push(p) });

    expect(t.kp.hits('/api/v2.2/films/501/images?type=STILL&page=')).toBe(2);
    expect(answer).toHaveLength(25);
    expect((await findFilm(t.ctx, id, t.ctx.clock.now())).photo).toEqual(answer);
    expect(await sourcesOf(id)).toEqual(stills);
    for (const { photo } of answer) {
      expect(photo).toMatch(/^stills\/[\w-]+\.webp$/);
    }
    expect((await sharp(storedImagePath(t.ctx.config, answer[0]!.photo)).metadata()).format).toBe('webp');
    expect(progress.filter((p) => p.stage === 'download').at(-1)).toEqual({ stage: 'download', done: 25, total: 25 });
  });

  it(`takes at most ${STILLS_MAX} stills`, async () => {
    const { stills } = await filmWithStills(502, STILLS_MAX + 15);
    const answer = await importFilmStills(t.ctx, 502);
    expect(answer).toHaveLength(STILLS_MAX);
    expect(t.kp.hits(stills[STILLS_MAX]!.replace(t.kp.url, ''))).toBe(0);
  });

  it('adds nothing when run again and downloads no still twice', async () => {
    await filmWithStills(503, 4);
    const first = await importFilmStills(t.ctx, 503);
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    const downloads = t.kp.hits('/images/stills/503/');

    const second = await importFilmStills(t.ctx, 503);

    expect(second).toEqual(first);
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    expect(storedFiles(t.ctx)).toEqual(files);
    expect(t.kp.hits('/images/stills/503/')).toBe(downloads);
  });

  it('adds only the stills Kinopoisk gained since, after the photos the film already had', async () => {
    const { id, kp } = await filmWithStills(504, 2);
    await linkFilm(t.ctx.db, id, { photos: ['stills/uploaded-by-staff.webp'] });
    const first = await importFilmStills(t.ctx, 504);
    expect(first.map((p) => p.photo)[0]).toBe('stills/uploaded-by-staff.webp');
    kp.stills.push(t.kp.image('stills/504/new.jpg'));

    const second = await importFilmStills(t.ctx, 504);

    expect(second.slice(0, 3)).toEqual(first);
    expect(second).toHaveLength(4);
    expect(t.kp.hits('/images/stills/504/new.jpg')).toBe(1);
    expect(t.kp.hits('/images/stills/504/1.jpg')).toBe(1);
  });

  it('skips stills whose file is not an image, an SVG, too large or gone', async () => {
    const { id, stills } = await filmWithStills(505, 6, { 1: 'not_an_image', 2: 'svg', 3: 'oversized', 4: 'missing' });
    const files = storedFiles(t.ctx);
    const answer = await importFilmStills(t.ctx, 505);
    expect(answer).toHaveLength(2);
    expect(await sourcesOf(id)).toEqual([stills[0], stills[5]]);
    expect(storedFiles(t.ctx)).toEqual([...files, ...answer.map((p) => p.photo)].sort());
  });

  it('answers an empty list for a film without stills', async () => {
    await filmWithStills(506, 0);
    expect(await importFilmStills(t.ctx, 506)).toEqual([]);
  });

  it('returns 404 when the film has not been imported, asking Kinopoisk nothing', async () => {
    const from = t.kp.requests.length;
    expect(await refusal(importFilmStills(t.ctx, 507))).toMatchObject({ status: 404, code: 'not_found' });
    expect(t.kp.requests.length).toBe(from);
  });

  it('returns 503 import_not_configured without a key', async () => {
    await filmWithStills(508, 1);
    expect(await refusal(importFilmStills(withApiKey(t.ctx, undefined), 508))).toMatchObject({
      status: 503,
      code: 'import_not_configured',
    });
  });

  it.each([
    ['the first page is rate limited', '/api/v2.2/films/509/images?type=STILL&page=1', 'rate_limited', 503],
    ['the second page fails', '/api/v2.2/films/510/images?type=STILL&page=2', 'server_error', 502],
    ['a page is not JSON', '/api/v2.2/films/511/images?type=STILL&page=1', 'malformed', 502],
  ] as const)('writes nothing when %s', async (_what, path, failure, status) => {
    const kinopoiskId = Number(path.split('/')[4]);
    await filmWithStills(kinopoiskId, 22);
    t.kp.fail(path, failure);
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    expect(await refusal(importFilmStills(t.ctx, kinopoiskId))).toMatchObject({ status });
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('returns 502 and keeps none of the stills downloaded when an image server fails', async () => {
    await filmWithStills(512, 8, { 6: 'server_error' });
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    expect(await refusal(importFilmStills(t.ctx, 512))).toMatchObject({ status: 502, code: 'kinopoisk_unavailable' });
    expect(t.kp.hits('/images/stills/512/1.jpg')).toBe(1);
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('stores each still once when imported twice at once; the losing copies are deleted', async () => {
    const { id, stills } = await filmWithStills(513, 5);
    const files = storedFiles(t.ctx);
    t.kp.latencyMs = 60;
    const [a, b] = await Promise.all([importFilmStills(t.ctx, 513), importFilmStills(t.ctx, 513)]);
    t.kp.latencyMs = 0;

    expect(a).toEqual(b);
    expect(await sourcesOf(id)).toEqual(expect.arrayContaining(stills));
    expect(await sourcesOf(id)).toHaveLength(5);
    expect(t.kp.hits('/images/stills/513/1.jpg')).toBe(2);
    expect(storedFiles(t.ctx)).toEqual([...files, ...a.map((p) => p.photo)].sort());
  });
});
