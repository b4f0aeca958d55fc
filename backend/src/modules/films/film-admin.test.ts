/**
 * The back office's film calls over HTTP, against a fake Kinopoisk on loopback: the staff table,
 * the imports, the edit and the poster upload, with every refusal, and the public reads that show a
 * change at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey } from '../../contract/api';
import { FILM_POSTER_MAX_BYTES, FilmDetailSchema } from '../../contract/films';
import type { StaffRole } from '../../contract/access';
import { buildFilm, buildGenre, buildSignedInUser, linkFilm } from '../../testing/factories';
import { startTestApi, type CallInput, type TestApi } from '../../testing/harness';
import { startFakeKinopoisk, type FakeKinopoisk } from '../../testing/kinopoisk-fake';
import { rowCounts } from './import/test-support';

let t: TestApi;
let kp: FakeKinopoisk;
beforeAll(async () => {
  kp = await startFakeKinopoisk();
  t = await startTestApi({ env: kp.env });
});
afterAll(async () => {
  await t?.close();
  await kp?.close();
});

const tokenOf = async (role: StaffRole | 'customer') => (await buildSignedInUser(t.ctx, { role })).token;
const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    body.append(name, value, ...(value instanceof Blob ? ['poster.png'] : []));
  return body;
};
const store = async (kinopoiskId: string, token?: string) =>
  t.call(
    'POST /films/store',
    { body: form({ kinopoisk_id: kinopoiskId }) },
    token ?? (await tokenOf('content-manager')),
  );
const png = async (width = 300, height = 450) =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: '#246' } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );
const publicFilm = async (id: number) =>
  FilmDetailSchema.parse((await t.call('GET /films/:id', { params: { id } })).body);

/** Guest 401, customer and cashier 403 (and the manager for writes): nothing written. */
async function expectRefusals<K extends ApiKey>(key: K, input: CallInput<K>, { managerMay }: { managerMay: boolean }) {
  const before = await rowCounts(t.ctx.db);
  expect((await t.call(key, input)).status).toBe(401);
  expect((await t.call(key, input, await tokenOf('customer'))).status).toBe(403);
  expect((await t.call(key, input, await tokenOf('cashier'))).status).toBe(403);
  if (!managerMay) expect((await t.call(key, input, await tokenOf('manager'))).status).toBe(403);
  expect(await rowCounts(t.ctx.db)).toEqual(before);
}

describe('GET /api/films/admin', () => {
  it('pages the films newest first with genres, countries and rental status; q searches the title', async () => {
    const genre = await buildGenre(t.ctx.db, { name: 'нуар-таблица' });
    const older = await buildFilm(t.ctx.db, { title: 'Таблица: старый', rating: 7.25, isRent: 1 });
    await linkFilm(t.ctx.db, older.id, { genreIds: [genre.id] });
    const newer = await buildFilm(t.ctx.db, { title: 'Таблица: новый', isRent: 0 });
    const token = await tokenOf('manager');

    const { status, body } = await t.call('GET /films/admin', { query: { q: 'таблица', per_page: 1 } }, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 2, last_page: 2, data: [{ id: newer.id, is_rent: 0 }] });
    const second = await t.call('GET /films/admin', { query: { q: 'таблица', per_page: 1, page: 2 } }, token);
    expect(second.body.data).toEqual([
      expect.objectContaining({
        id: older.id,
        rating: 7.25,
        is_rent: 1,
        genres: [expect.objectContaining({ genre_id: genre.id })],
      }),
    ]);
  });

  it('returns 401 for a guest and 403 for a customer or cashier', async () => {
    await expectRefusals('GET /films/admin', {}, { managerMay: true });
  });
});

describe('POST /api/films/store', () => {
  it('imports the film and answers 201 {id}; the catalogue shows it at once; a re-import is 409 with that id', async () => {
    expect((await t.call('GET /films')).status).toBe(200); // cached before the import
    kp.addFilm(kp.sampleFilm(501, { nameRu: 'Импортный' }));

    const { status, body } = await store('501');
    expect(status).toBe(201);
    const film = await publicFilm(body.id);
    expect(film).toMatchObject({ title: 'Импортный', kinopoisk_id: '501', age: 16, is_rent: 0 });
    expect((await t.call('GET /films')).body.map((f) => f.id)).toContain(body.id);

    const before = await rowCounts(t.ctx.db);
    const again = await store('501');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'film_already_imported', details: { id: body.id } });
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 400 for an id that is not digits, and 404 with a code for an id Kinopoisk does not know', async () => {
    const before = await rowCounts(t.ctx.db);
    const bad = await store('12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual({ fields: { kinopoisk_id: expect.stringMatching(/только цифры/) } });
    expect((await t.call('POST /films/store', { body: form({}) }, await tokenOf('admin'))).status).toBe(400);
    const unknown = await store('9999');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'kinopoisk_not_found']);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 502 when Kinopoisk refuses the key or does not answer, 503 when it limits the rate; writes nothing', async () => {
    for (const id of [502, 505, 506]) kp.addFilm(kp.sampleFilm(id));
    const before = await rowCounts(t.ctx.db);
    kp.fail('/api/v2.2/films/502', 'unauthorized', 10);
    const rejected = await store('502');
    expect([rejected.status, rejected.body.error.code]).toEqual([502, 'kinopoisk_rejected']);
    kp.fail('/api/v2.2/films/505', 'rate_limited', 10);
    const limited = await store('505');
    expect([limited.status, limited.body.error.code]).toEqual([503, 'kinopoisk_rate_limited']);
    kp.fail('/api/v2.2/films/506', 'hang', 10);
    const hung = await store('506');
    expect([hung.status, hung.body.error.code]).toEqual([502, 'kinopoisk_unavailable']);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 503 with a Russian message when no Kinopoisk key is configured', async () => {
    const { kinopoisk } = t.ctx.config;
    const apiKey = kinopoisk.apiKey;
    kinopoisk.apiKey = undefined;
    try {
      const res = await store('503');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({
        code: 'import_not_configured',
        message: expect.stringMatching(/не задан ключ/),
      });
    } finally {
      kinopoisk.apiKey = apiKey;
    }
  });

  it('returns 401 for a guest and 403 for a customer, cashier or manager', async () => {
    kp.addFilm(kp.sampleFilm(504));
    await expectRefusals('POST /films/store', { body: form({ kinopoisk_id: '504' }) }, { managerMay: false });
  });
});

describe('GET /api/upload-persons-for-film/{kinopoiskId} and /api/upload-image-for-film/{kinopoiskId}', () => {
  it('adds the cast and the stills; the film page shows them at once; twice adds nothing', async () => {
    const fake = kp.addFilm(kp.sampleFilm(601));
    kp.castFilm(fake, { directors: 1, actors: 2 });
    fake.stills.push(kp.image('stills/601-1.jpg'), kp.image('stills/601-2.jpg'));
    const token = await tokenOf('content-manager');
    const { body: film } = await store('601', token);
    expect((await publicFilm(film.id)).persons).toEqual([]);

    const persons = await t.call('GET /upload-persons-for-film/:kinopoiskId', { params: { kinopoiskId: 601 } }, token);
    expect(persons.status).toBe(200);
    expect(persons.body).toHaveLength(3);
    expect(persons.body[0]).toEqual({
      id: expect.any(Number),
      fio: 'Режиссёр 601000',
      main_img: expect.stringMatching(/\.webp$/),
    });
    expect((await publicFilm(film.id)).persons).toHaveLength(3);

    const photos = await t.call('GET /upload-image-for-film/:kinopoiskId', { params: { kinopoiskId: 601 } }, token);
    expect(photos.status).toBe(200);
    expect(photos.body).toHaveLength(2);
    expect((await publicFilm(film.id)).photo).toEqual(photos.body);

    const before = await rowCounts(t.ctx.db);
    expect(
      (await t.call('GET /upload-persons-for-film/:kinopoiskId', { params: { kinopoiskId: 601 } }, token)).body,
    ).toEqual(persons.body);
    expect(
      (await t.call('GET /upload-image-for-film/:kinopoiskId', { params: { kinopoiskId: 601 } }, token)).body,
    ).toEqual(photos.body);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 404 for a film not imported, 400 for an id that is not digits, 502 when Kinopoisk fails', async () => {
    const token = await tokenOf('admin');
    for (const key of [
      'GET /upload-persons-for-film/:kinopoiskId',
      'GET /upload-image-for-film/:kinopoiskId',
    ] as const) {
      expect((await t.call(key, { params: { kinopoiskId: 7777 } }, token)).status).toBe(404);
      expect((await t.call(key, { params: { kinopoiskId: 'x1' } }, token)).status).toBe(400);
    }
    kp.addFilm(kp.sampleFilm(602));
    await store('602', token);
    const before = await rowCounts(t.ctx.db);
    kp.fail('/api/v1/staff?filmId=602', 'server_error', 5);
    const failed = await t.call('GET /upload-persons-for-film/:kinopoiskId', { params: { kinopoiskId: 602 } }, token);
    expect([failed.status, failed.body.error.code]).toEqual([502, 'kinopoisk_unavailable']);
    kp.fail('/api/v2.2/films/602/images', 'unauthorized');
    const rejected = await t.call('GET /upload-image-for-film/:kinopoiskId', { params: { kinopoiskId: 602 } }, token);
    expect([rejected.status, rejected.body.error.code]).toEqual([502, 'kinopoisk_rejected']);
    expect(await rowCounts(t.ctx.db)).toEqual(before);
  });

  it('returns 401 for a guest and 403 for a customer, cashier or manager', async () => {
    const fake = kp.addFilm(kp.sampleFilm(603));
    kp.castFilm(fake, { directors: 1, actors: 1 });
    await store('603');
    await expectRefusals(
      'GET /upload-persons-for-film/:kinopoiskId',
      { params: { kinopoiskId: 603 } },
      { managerMay: false },
    );
    await expectRefusals(
      'GET /upload-image-for-film/:kinopoiskId',
      { params: { kinopoiskId: 603 } },
      { managerMay: false },
    );
  });
});

describe('PUT /api/films/{id}/edit', () => {
  const edit = {
    title: 'Исправленное название',
    description: 'Новое описание',
    age: '18',
    year: '2023',
    budget: '1000000',
    trailer: 'https://youtu.be/dQw4w9WgXcQ',
    is_rent: 1,
  } as const;

  it('saves the fields and answers the film; the banner, new films and the film page show it at once', async () => {
    const film = await buildFilm(t.ctx.db, { isRent: 0, promoImg: 'promo/edit.webp' });
    await publicFilm(film.id);
    expect((await t.call('GET /films/news')).body.map((f) => f.id)).not.toContain(film.id);

    const { status, body } = await t.call(
      'PUT /films/:id/edit',
      { params: { id: film.id }, body: edit },
      await tokenOf('content-manager'),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: edit.title,
      age: 18,
      year: 2023,
      budget: 1_000_000,
      trailer: edit.trailer,
      is_rent: 1,
    });
    expect(await publicFilm(film.id)).toMatchObject({ title: edit.title, description: 'Новое описание' });
    expect((await t.call('GET /films/news')).body[0]).toMatchObject({ id: film.id, title: edit.title, age: 18 });
    expect((await t.call('GET /banner')).body).toMatchObject({ id: film.id, title: edit.title });

    const cleared = await t.call(
      'PUT /films/:id/edit',
      { params: { id: film.id }, body: { ...edit, year: '', budget: '', trailer: '', is_rent: 0 } },
      await tokenOf('admin'),
    );
    expect(cleared.body).toMatchObject({ year: null, budget: null, trailer: null, is_rent: 0 });
  });

  it('returns 400 naming each bad field, and changes nothing; years run from 1895 to next year', async () => {
    const film = await buildFilm(t.ctx.db, { title: 'Не тронут' });
    const res = await t.call(
      'PUT /films/:id/edit',
      {
        params: { id: film.id },
        body: { ...edit, title: '', age: '22', year: '1894', budget: '-1', trailer: 'https://vimeo.com/1' },
      },
      await tokenOf('admin'),
    );
    expect(res.status).toBe(400);
    expect(Object.keys((res.body.error.details as { fields: object }).fields).sort()).toEqual([
      'age',
      'budget',
      'title',
      'trailer',
      'year',
    ]);
    expect((await publicFilm(film.id)).title).toBe('Не тронут');
    const yearStatus = async (year: number) =>
      (
        await t.call(
          'PUT /films/:id/edit',
          { params: { id: film.id }, body: { ...edit, year } },
          await tokenOf('admin'),
        )
      ).status;
    const thisYear = new Date().getFullYear();
    expect(await yearStatus(thisYear + 2)).toBe(400);
    expect(await yearStatus(thisYear + 1)).toBe(200);
    expect(await yearStatus(1895)).toBe(200);
  });

  it('keeps the ПУ with its dates and an event’s reason for ЕАИС (GET /api/films/{id}); refuses a rental end before the issue', async () => {
    const film = await buildFilm(t.ctx.db);
    const token = await tokenOf('content-manager');
    const put = (body: object) =>
      t.call('PUT /films/:id/edit', { params: { id: film.id }, body: { ...edit, ...body } }, token);
    const saved = await put({ pu_number: '121023323', pu_issued: '2023-07-01', pu_until: '2033-07-01' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await publicFilm(film.id)).toMatchObject({
      pu_number: '121023323',
      pu_issued: '2023-07-01',
      pu_until: '2033-07-01',
      pu_reason: null,
    });
    const backwards = await put({ pu_issued: '2024-01-02', pu_until: '2024-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details).toMatchObject({ fields: { pu_until: expect.stringContaining('раньше') } });
    expect(await publicFilm(film.id)).toMatchObject({ pu_issued: '2023-07-01' });
    expect((await put({ pu_reason: 'abc' })).status).toBe(400);
    expect((await put({ pu_number: '', pu_issued: '', pu_until: '', pu_reason: '3' })).body).toMatchObject({
      pu_number: null,
      pu_issued: null,
      pu_until: null,
      pu_reason: '3',
    });
  });

  it('returns 404 for a film that does not exist', async () => {
    const res = await t.call('PUT /films/:id/edit', { params: { id: 2_000_000 }, body: edit }, await tokenOf('admin'));
    expect(res.status).toBe(404);
  });

  it('returns 401 for a guest and 403 for a customer, cashier or manager', async () => {
    const film = await buildFilm(t.ctx.db, { title: 'Охраняемый' });
    await expectRefusals('PUT /films/:id/edit', { params: { id: film.id }, body: edit }, { managerMay: false });
    expect((await publicFilm(film.id)).title).toBe('Охраняемый');
  });
});

describe('POST /api/upload-film-poster', () => {
  const postersDir = () => path.join(t.ctx.config.storageDir, 'images', 'posters');
  const posterFiles = () => (fs.existsSync(postersDir()) ? fs.readdirSync(postersDir()).sort() : []);

  it('stores the poster re-encoded as WebP, replaces the previous one, and the film page shows it at once', async () => {
    const film = await buildFilm(t.ctx.db);
    await publicFilm(film.id);
    const token = await tokenOf('content-manager');
    const first = await t.call(
      'POST /upload-film-poster',
      { body: form({ film_id: String(film.id), poster: await png() }) },
      token,
    );
    expect(first.status).toBe(200);
    expect(first.body.poster).toMatch(/^posters\/[\w-]+\.webp$/);
    expect((await publicFilm(film.id)).poster).toBe(first.body.poster);
    const served = await t.fetch(`/storage/images/${first.body.poster}`);
    expect(served.headers.get('content-type')).toBe('image/webp');

    const second = await t.call(
      'POST /upload-film-poster',
      { body: form({ film_id: String(film.id), poster: await png(60, 90) }) },
      token,
    );
    expect((await publicFilm(film.id)).poster).toBe(second.body.poster);
    expect((await t.fetch(`/storage/images/${first.body.poster}`)).status).toBe(404);
  });

  it('returns 400 for a text file named .png, 413 for a file over the limit, 404 for a missing film; stores nothing', async () => {
    const film = await buildFilm(t.ctx.db);
    const token = await tokenOf('admin');
    const before = posterFiles();
    const upload = (fields: Record<string, string | Blob>) =>
      t.call('POST /upload-film-poster', { body: form(fields) }, token);

    const fake = await upload({ film_id: String(film.id), poster: new Blob(['not an image'], { type: 'image/png' }) });
    expect([fake.status, fake.body.error.message]).toEqual([400, expect.stringMatching(/Загрузите изображение/)]);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], {
      type: 'image/svg+xml',
    });
    expect((await upload({ film_id: String(film.id), poster: svg })).status).toBe(400);
    const big = await upload({
      film_id: String(film.id),
      poster: new Blob([new Uint8Array(FILM_POSTER_MAX_BYTES + 1)]),
    });
    expect([big.status, big.body.error.code]).toEqual([413, 'payload_too_large']);
    expect((await upload({ film_id: String(film.id) })).status).toBe(400);
    expect((await upload({ film_id: 'abc', poster: await png() })).status).toBe(400);
    expect((await upload({ film_id: '2000000', poster: await png() })).status).toBe(404);
    expect(posterFiles()).toEqual(before);
    expect((await publicFilm(film.id)).poster).toBe(film.poster);
  });

  it('returns 401 for a guest and 403 for a customer, cashier or manager', async () => {
    const film = await buildFilm(t.ctx.db);
    const before = posterFiles();
    await expectRefusals(
      'POST /upload-film-poster',
      { body: form({ film_id: String(film.id), poster: await png() }) },
      { managerMay: false },
    );
    expect(posterFiles()).toEqual(before);
  });
});
