/** importFilm against a fake Kinopoisk on loopback and a real database: every success and refusal. */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../contract/film-import';
import { schema } from '../../../db';
import { storedImagePath } from '../../../lib/documents/images';
import { buildCountry, buildFilm, buildGenre } from '../../../testing/factories';
import type { FakeFailure } from '../../../testing/kinopoisk-fake';
import { findFilm } from '../service';
import { importFilm } from './import-film';
import { refusal, rowCounts, startImportTest, storedFiles, withApiKey, type ImportTest } from './test-support';

let t: ImportTest;
beforeAll(async () => {
  t = await startImportTest();
});
afterAll(() => t.close());

describe('importFilm', () => {
  it('creates the film with its fields, stored poster and cover, genres, countries and playable videos', async () => {
    const drama = await buildGenre(t.ctx.db, { name: 'Драма' });
    const russia = await buildCountry(t.ctx.db, { name: 'Россия' });
    t.kp.addFilm(
      t.kp.sampleFilm(301, {
        nameRu: 'Матрица',
        description: 'Жизнь Томаса Андерсона разделена на две части.',
        year: 1999,
        filmLength: 136,
        ratingKinopoisk: 8.5,
        ratingAgeLimits: 'age16',
        genres: [{ genre: 'драма' }, { genre: 'фантастика' }, { genre: 'боевик' }],
        countries: [{ country: 'Россия' }, { country: 'США' }],
        videos: [
          { url: 'https://widgets.kinopoisk.ru/discovery/trailer/123573?onlyPlayer=1', site: 'KINOPOISK_WIDGET' },
          { url: 'http://trailers.s3.mds.yandex.net/video_original/160983-05ae2e3.mp4', site: 'UNKNOWN' },
          { url: 'https://www.youtube.com/watch?v=gbcVZgO4n4E', site: 'YOUTUBE' },
          { url: 'https://youtu.be/gbcVZgO4n4E', site: 'YOUTUBE' },
          { url: 'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/', site: 'UNKNOWN' },
        ],
      }),
    );
    const progress: ImportProgress[] = [];

    const { id } = await importFilm(t.ctx, 301, { onProgress: (p) => void progress.push(p) });

    const film = await findFilm(t.ctx, id, t.ctx.clock.now());
    expect(film).toMatchObject({
      title: 'Матрица',
      description: 'Жизнь Томаса Андерсона разделена на две части.',
      age: 16,
      year: 1999,
      time: 136,
      rating: 8.5,
      budget: 63_000_000,
      trailer: 'https://www.youtube.com/watch?v=gbcVZgO4n4E',
      kinopoisk_id: '301',
      is_rent: 0,
      type_graphic: '2D',
    });
    // Known names are reused whatever their case; new ones are created as Kinopoisk writes them.
    expect(film.genres.map((g) => g.genre)).toEqual(
      expect.arrayContaining([
        { id: drama.id, name: 'Драма' },
        expect.objectContaining({ name: 'фантастика' }),
        expect.objectContaining({ name: 'боевик' }),
      ]),
    );
    expect(film.genres).toHaveLength(3);
    expect(film.countries.map((c) => c.country)).toEqual(
      expect.arrayContaining([{ id: russia.id, name: 'Россия' }, expect.objectContaining({ name: 'США' })]),
    );
    expect(await t.ctx.db.$count(schema.genres, sql`lower(${schema.genres.name}) = 'драма'`)).toBe(1);
    // The player's hosts only, each clip once: the widget and the .mp4 are left out.
    expect(film.video.map((v) => v.video)).toEqual([
      'https://www.youtube.com/watch?v=gbcVZgO4n4E',
      'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
    ]);
    // Images are ours, re-encoded; nothing points at the provider.
    expect(film.poster).toMatch(/^posters\/[\w-]+\.webp$/);
    expect(film.promo_img).toMatch(/^promo\/[\w-]+\.webp$/);
    expect((await sharp(storedImagePath(t.ctx.config, film.poster!)).metadata()).format).toBe('webp');
    expect(storedFiles(t.ctx)).toEqual([film.poster, film.promo_img].sort());

    expect(progress[0]).toEqual({ stage: 'fetch', done: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ stage: 'save', done: 1, total: 1 });
    expect(progress.map((p) => p.stage)).toEqual(['fetch', 'fetch', 'download', 'download', 'save', 'save']);
  });

  it('sends the key in X-API-KEY to the API and never to the image hosts', async () => {
    t.kp.addFilm(t.kp.sampleFilm(302));
    const from = t.kp.requests.length;
    await importFilm(t.ctx, 302);
    const requests = t.kp.requests.slice(from);
    expect(requests.filter((r) => r.path.startsWith('/api/')).map((r) => r.apiKey)).toEqual([
      t.kp.apiKey,
      t.kp.apiKey,
      t.kp.apiKey,
    ]);
    expect(requests.filter((r) => r.path.startsWith('/images/')).map((r) => r.apiKey)).toEqual([undefined, undefined]);
  });

  it('keeps no budget in another currency than dollars, age 0 and no trailer when Kinopoisk has none', async () => {
    t.kp.addFilm(
      t.kp.sampleFilm(303, {
        ratingAgeLimits: null,
        ratingKinopoisk: null,
        coverUrl: null,
        videos: [{ url: 'https://widgets.kinopoisk.ru/discovery/trailer/1', site: 'KINOPOISK_WIDGET' }],
        boxOffice: [{ type: 'BUDGET', amount: 450_000_000, currencyCode: 'RUB', symbol: '₽' }],
      }),
    );
    const { id } = await importFilm(t.ctx, 303);
    expect(await findFilm(t.ctx, id, t.ctx.clock.now())).toMatchObject({
      age: 0,
      rating: null,
      budget: null,
      trailer: null,
      promo_img: null,
      video: [],
    });
  });

  it('imports without a poster or cover whose file is not an image, too large or gone', async () => {
    t.kp.addFilm(
      t.kp.sampleFilm(304, {
        posterUrl: t.kp.image('posters/kp/304.jpg', 'not_an_image'),
        coverUrl: t.kp.image('covers/304.jpg', 'oversized'),
      }),
    );
    t.kp.addFilm(t.kp.sampleFilm(305, { posterUrl: t.kp.image('posters/kp/305.jpg', 'missing') }));
    const files = storedFiles(t.ctx);

    const first = await findFilm(t.ctx, (await importFilm(t.ctx, 304)).id, t.ctx.clock.now());
    expect(first).toMatchObject({ poster: null, promo_img: null });
    expect(storedFiles(t.ctx)).toEqual(files);

    const second = await findFilm(t.ctx, (await importFilm(t.ctx, 305)).id, t.ctx.clock.now());
    expect(second.poster).toBeNull();
    expect(second.promo_img).toMatch(/^promo\//);
  });

  it('returns 409 film_already_imported with the film id, asking Kinopoisk nothing and creating nothing', async () => {
    const film = await buildFilm(t.ctx.db, { kinopoiskId: '306' });
    t.kp.addFilm(t.kp.sampleFilm(306));
    const before = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    const err = await refusal(importFilm(t.ctx, 306));

    expect(err).toMatchObject({ status: 409, code: 'film_already_imported', details: { id: film.id } });
    expect(t.kp.hits('/api/v2.2/films/306')).toBe(0);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('creates one film when the same id is imported twice at once; the other answers 409 and keeps no file', async () => {
    t.kp.addFilm(t.kp.sampleFilm(307, { genres: [{ genre: 'нуар' }], countries: [{ country: 'Франция' }] }));
    const before = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    // Both runs pass the first check and download before either writes.
    t.kp.latencyMs = 150;
    const results = await Promise.allSettled([importFilm(t.ctx, 307), importFilm(t.ctx, 307)]);
    t.kp.latencyMs = 0;

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const { id } = (won[0] as PromiseFulfilledResult<{ id: number }>).value;
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'film_already_imported',
      details: { id },
    });
    // Both runs got past the first check: each downloaded the poster.
    expect(t.kp.hits('/images/posters/kp/307.jpg')).toBe(2);
    const after = await rowCounts(t.ctx.db);
    expect(after).toEqual({
      ...before,
      films: before.films + 1,
      genres: before.genres + 1,
      countries: before.countries + 1,
      filmGenres: before.filmGenres + 1,
      filmCountries: before.filmCountries + 1,
      filmVideos: before.filmVideos + 1,
    });
    const film = await findFilm(t.ctx, id, t.ctx.clock.now());
    expect(storedFiles(t.ctx)).toEqual([...files, film.poster, film.promo_img].sort());
  });

  it('creates a new genre once when two films bring it at once, in different cases', async () => {
    t.kp.addFilm(t.kp.sampleFilm(322, { genres: [{ genre: 'мюзикл' }, { genre: 'кантри' }] }));
    t.kp.addFilm(t.kp.sampleFilm(323, { genres: [{ genre: 'Кантри' }, { genre: 'Мюзикл' }] }));
    t.kp.latencyMs = 100;
    const [a, b] = await Promise.all([importFilm(t.ctx, 322), importFilm(t.ctx, 323)]);
    t.kp.latencyMs = 0;

    const genresOf = async (id: number) =>
      (await findFilm(t.ctx, id, t.ctx.clock.now())).genres.map((g) => g.genre.id).sort();
    expect(await genresOf(a.id)).toEqual(await genresOf(b.id));
    expect(await t.ctx.db.$count(schema.genres, sql`lower(${schema.genres.name}) in ('мюзикл', 'кантри')`)).toBe(2);
  });

  it('returns 404 kinopoisk_not_found for an id Kinopoisk does not know', async () => {
    const err = await refusal(importFilm(t.ctx, 9_999_991));
    expect(err).toMatchObject({ status: 404, code: 'kinopoisk_not_found' });
    expect(err.message).toContain('9999991');
  });

  it('returns 400 for an id that is not a positive integer of at most nine digits', async () => {
    for (const id of [0, -5, 1.5, 1_000_000_000, Number.NaN]) {
      expect(await refusal(importFilm(t.ctx, id))).toMatchObject({ status: 400, code: 'invalid_input' });
    }
  });

  it('returns 503 import_not_configured without a key, asking Kinopoisk nothing', async () => {
    const from = t.kp.requests.length;
    const err = await refusal(importFilm(withApiKey(t.ctx, undefined), 301));
    expect(err).toMatchObject({ status: 503, code: 'import_not_configured' });
    expect(err.message).toMatch(/не настроен/);
    expect(t.kp.requests.length).toBe(from);
  });

  it('returns 502 kinopoisk_rejected when Kinopoisk refuses the key', async () => {
    t.kp.addFilm(t.kp.sampleFilm(308));
    expect(await refusal(importFilm(withApiKey(t.ctx, 'wrong-key'), 308))).toMatchObject({
      status: 502,
      code: 'kinopoisk_rejected',
    });
  });

  describe('refuses and writes nothing (no row, no file) when Kinopoisk fails', () => {
    const cases: [string, string, FakeFailure, number, string][] = [
      ['the film', '/api/v2.2/films/310', 'quota', 502, 'kinopoisk_rejected'],
      ['the film', '/api/v2.2/films/311', 'unauthorized', 502, 'kinopoisk_rejected'],
      ['the film', '/api/v2.2/films/312', 'rate_limited', 503, 'kinopoisk_rate_limited'],
      ['the film', '/api/v2.2/films/313', 'server_error', 502, 'kinopoisk_unavailable'],
      ['the film', '/api/v2.2/films/314', 'hang', 502, 'kinopoisk_unavailable'],
      ['the film', '/api/v2.2/films/315', 'malformed', 502, 'kinopoisk_unavailable'],
      ['its videos', '/api/v2.2/films/316/videos', 'server_error', 502, 'kinopoisk_unavailable'],
      ['its box office', '/api/v2.2/films/317/box_office', 'rate_limited', 503, 'kinopoisk_rate_limited'],
    ];
    it.each(cases)('%s: %s → %s gives %i %s', async (_what, path, failure, status, code) => {
      const kinopoiskId = Number(path.split('/')[4]);
      t.kp.addFilm(t.kp.sampleFilm(kinopoiskId));
      t.kp.fail(path, failure);
      const before = await rowCounts(t.ctx.db);
      const files = storedFiles(t.ctx);

      const err = await refusal(importFilm(t.ctx, kinopoiskId));

      expect(err).toMatchObject({ status, code });
      if (failure === 'rate_limited') expect(err.details).toEqual({ retryAfter: 1 });
      expect(await rowCounts(t.ctx.db)).toEqual(before);
      expect(storedFiles(t.ctx)).toEqual(files);
    });
  });

  it('returns 502 and removes the cover already stored when the poster host fails', async () => {
    t.kp.addFilm(t.kp.sampleFilm(318, { posterUrl: t.kp.image('posters/kp/318.jpg', 'hang') }));
    const before = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    const err = await refusal(importFilm(t.ctx, 318));

    expect(err).toMatchObject({ status: 502, code: 'kinopoisk_unavailable' });
    // The cover (a quick download) was stored while the poster hung; it is gone again.
    expect(t.kp.hits('/images/covers/318.png')).toBe(1);
    expect(storedFiles(t.ctx)).toEqual(files);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 422 kinopoisk_incomplete for a film without a running time or a title', async () => {
    t.kp.addFilm(t.kp.sampleFilm(319, { filmLength: null }));
    t.kp.addFilm(t.kp.sampleFilm(320, { nameRu: null, nameOriginal: ' ', nameEn: null }));
    const before = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    expect(await refusal(importFilm(t.ctx, 319))).toMatchObject({ status: 422, code: 'kinopoisk_incomplete' });
    expect(await refusal(importFilm(t.ctx, 320))).toMatchObject({ status: 422, code: 'kinopoisk_incomplete' });
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('rolls back the film, its new genres and its files when the database fails mid-transaction', async () => {
    t.kp.addFilm(t.kp.sampleFilm(321, { genres: [{ genre: 'вестерн' }], countries: [{ country: 'Атлантида' }] }));
    await t.ctx.db.execute(sql`create function refuse_country() returns trigger language plpgsql as $$
      begin raise exception 'film_countries refused by the test'; end $$`);
    await t.ctx.db.execute(
      sql`create trigger refuse_country before insert on film_countries for each row execute function refuse_country()`,
    );
    const before = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    try {
      await expect(importFilm(t.ctx, 321)).rejects.toThrow();
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_country on film_countries`);
      await t.ctx.db.execute(sql`drop function refuse_country`);
    }
    expect(await rowCounts(t.ctx.db)).toEqual(before);
    expect(storedFiles(t.ctx)).toEqual(files);

    // Nothing was left in the way: the same import succeeds now.
    const { id } = await importFilm(t.ctx, 321);
    expect((await findFilm(t.ctx, id, t.ctx.clock.now())).genres.map((g) => g.genre.name)).toEqual(['вестерн']);
  });
});
