import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../contract/common';
import { ErrorBodySchema } from '../../contract/errors';
import { STOCK_IMAGE_MAX_BYTES, StockListSchema, StockSchema } from '../../contract/stocks';
import { fromCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildPromotion, buildSignedInUser } from '../../testing/factories';
import { fakePngBlob, oversizedBlob, pngBlob, svgBlob } from '../../testing/images';
import { useTestApi } from '../../testing/api';
import { connectLiveClient } from '../../testing/live-client';

const api = useTestApi();
const fieldsOf = (body: unknown) =>
  (ErrorBodySchema.parse(body).error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};

describe('GET /api/stocks', () => {
  it('returns 200 with running and coming promotions by start date, without ended ones', async () => {
    const coming = await buildPromotion(api.ctx.db, { title: 'Скоро', startsInDays: 3, endsInDays: 10 });
    const running = await buildPromotion(api.ctx.db, { title: 'Идёт', startsInDays: -5, endsInDays: 1 });
    await buildPromotion(api.ctx.db, { title: 'Прошла', startsInDays: -10, endsInDays: -1 });
    const { status, body } = await api.getJson('/api/stocks');
    expect(status).toBe(200);
    expect(StockListSchema.parse(body).map((s) => s.id)).toEqual([running.id, coming.id]);
  });
});

describe('GET /api/stocks/{id}', () => {
  it('returns the promotion with its dates as cinema wall time, ended ones too', async () => {
    const promotion = await buildPromotion(api.ctx.db, {
      title: 'Вторник дешевле',
      text: 'Все сеансы по 250 ₽',
      img: 'stocks/tue.jpg',
      dateStart: fromCinemaTime('2025-01-01 00:00'),
      dateEnd: fromCinemaTime('2025-03-31 23:59'),
    });
    const { status, body } = await api.getJson(`/api/stocks/${promotion.id}`);
    expect(status).toBe(200);
    expect(StockSchema.parse(body)).toEqual({
      id: promotion.id,
      title: 'Вторник дешевле',
      text: 'Все сеансы по 250 ₽',
      img: 'stocks/tue.jpg',
      date_start: '2025-01-01 00:00:00',
      date_end: '2025-03-31 23:59:00',
    });
  });

  it('returns 404 not_found for an unknown promotion and 400 for a malformed id', async () => {
    const missing = await api.getJson('/api/stocks/424242');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error).toMatchObject({ code: 'not_found', message: 'Акция не найдена' });
    const bad = await api.getJson('/api/stocks/1;drop');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('invalid_input');
  });
});

describe('GET /api/stocks/admin', () => {
  it('returns every promotion, ended and coming, the latest start first, to the admin', async () => {
    const ended = await buildPromotion(api.ctx.db, { title: 'Панель: прошла', startsInDays: -40, endsInDays: -30 });
    const coming = await buildPromotion(api.ctx.db, { title: 'Панель: будет', startsInDays: 400, endsInDays: 420 });
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const { status, body } = await api.t.call('GET /stocks/admin', { query: { q: 'Панель:' } }, token);
    expect(status).toBe(200);
    expect(pageSchema(StockSchema).parse(body)).toMatchObject({
      data: [{ id: coming.id }, { id: ended.id }],
      total: 2,
    });
  });
});

describe('POST /api/stocks/create', () => {
  const stocksDir = () => path.join(api.ctx.config.storageDir, 'images', 'stocks');
  const storedFiles = () => (fs.existsSync(stocksDir()) ? fs.readdirSync(stocksDir()).sort() : []);
  const count = () => api.ctx.db.$count(schema.promotions);
  const FIELDS = {
    title: 'Два билета по цене одного',
    text: 'По вторникам.',
    date_start: '2026-09-24 10:00',
    date_end: '2027-09-19 23:00',
  };
  async function form(fields: Partial<Record<keyof typeof FIELDS, string>> = FIELDS, img: Blob | null = null) {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    const image = img ?? (await pngBlob(1800, 900));
    data.append('img', image, 'promo.png');
    return data;
  }
  const create = async (body: FormData, role: 'admin' | 'content-manager' = 'admin') =>
    api.t.call('POST /stocks/create', { body }, (await buildSignedInUser(api.ctx, { role })).token);

  it('returns 201 with the promotion, its picture re-encoded as WebP, the public list shows it and open dashboards are told', async () => {
    const staff = await connectLiveClient(api.t.url, (await buildSignedInUser(api.ctx, { role: 'admin' })).token);
    const pushes = staff.count('dashboard:changed');
    const { status, body } = await create(
      await form({ ...FIELDS, date_start: '2026-01-01T10:00', date_end: '2099-01-01T10:00' }),
    );
    expect(status).toBe(201);
    const stock = StockSchema.parse(body);
    expect(stock).toMatchObject({
      title: FIELDS.title,
      text: FIELDS.text,
      date_start: '2026-01-01 10:00:00',
      date_end: '2099-01-01 10:00:00',
    });
    expect(stock.img).toMatch(/^stocks\/[\w-]+\.webp$/);
    expect((await api.t.fetch(`/storage/images/${stock.img}`)).headers.get('content-type')).toBe('image/webp');
    expect(StockListSchema.parse((await api.getJson('/api/stocks')).body).map((s) => s.id)).toContain(stock.id);
    await staff.waitFor('dashboard:changed', () => staff.count('dashboard:changed') > pushes);
    staff.disconnect();
  });

  it('returns 400 when a field is missing or the end is not after the start, and writes nothing', async () => {
    const before = [await count(), storedFiles()];
    for (const missing of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
      const { [missing]: _left, ...rest } = FIELDS;
      const { status, body } = await create(await form(rest));
      expect(status, missing).toBe(400);
      expect(Object.keys(fieldsOf(body))).toContain(missing);
    }
    const backwards = await create(await form({ ...FIELDS, date_end: '2026-09-24 09:00' }));
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toEqual({ date_end: 'Окончание должно быть позже начала' });
    const noImage = new FormData();
    for (const [name, value] of Object.entries(FIELDS)) noImage.append(name, value);
    expect((await create(noImage)).status).toBe(400);
    expect([await count(), storedFiles()]).toEqual(before);
  });

  it('returns 400 for a text file named .png and for an SVG, 413 over the size limit, and stores nothing', async () => {
    const before = [await count(), storedFiles()];
    expect((await create(await form(FIELDS, fakePngBlob()))).status).toBe(400);
    expect((await create(await form(FIELDS, svgBlob()))).status).toBe(400);
    const big = await create(await form(FIELDS, oversizedBlob(STOCK_IMAGE_MAX_BYTES)));
    expect(big.status).toBe(413);
    expect(ErrorBodySchema.parse(big.body).error.code).toBe('payload_too_large');
    expect([await count(), storedFiles()]).toEqual(before);
  });

  it('returns 401 for a guest and 403 for a content manager', async () => {
    const before = await count();
    expect((await api.t.call('POST /stocks/create', { body: await form() })).status).toBe(401);
    expect((await create(await form(), 'content-manager')).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
