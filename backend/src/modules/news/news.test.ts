import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import {
  NEWS_IMAGE_MAX_BYTES,
  NEWS_SAVED,
  NewsCreatedSchema,
  NewsDetailSchema,
  NewsListSchema,
  NewsRowSchema,
} from '../../contract/news';
import { pageSchema } from '../../contract/common';
import { schema } from '../../db';
import { buildNews, buildSignedInUser, buildUser } from '../../testing/factories';
import { fakePngBlob, oversizedBlob, pngBlob, svgBlob } from '../../testing/images';
import { useTestApi } from '../../testing/api';
import { connectLiveClient } from '../../testing/live-client';

const api = useTestApi();
const fieldsOf = (body: unknown) =>
  (ErrorBodySchema.parse(body).error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};

describe('GET /api/news', () => {
  it('returns 200 with every article newest first', async () => {
    const older = await buildNews(api.ctx.db, { title: 'Старая', createdAt: new Date(Date.now() - 3600_000) });
    const newer = await buildNews(api.ctx.db, { title: 'Свежая', mainImg: 'https://cdn.example/n.jpg' });
    const { status, body } = await api.getJson('/api/news');
    expect(status).toBe(200);
    const list = NewsListSchema.parse(body);
    expect(list.map((n) => n.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({ title: 'Свежая', main_img: 'https://cdn.example/n.jpg' });
  });
});

describe('GET /api/news/{id}', () => {
  it("returns SPEC's array of the article's blocks in order, each with news.user, content under img, title or text", async () => {
    const author = await buildUser(api.ctx.db, { fio: 'Мария Редактор', role: 'content-manager', avatar: 'a.png' });
    const news = await buildNews(api.ctx.db, {
      title: 'Премьера',
      userId: author.id,
      items: [
        { type: 'title', content: 'Что покажем' },
        { type: 'text', content: 'Первый абзац.' },
        { type: 'image', content: 'news/shot.jpg' },
      ],
    });
    const { status, body } = await api.getJson(`/api/news/${news.id}`);
    expect(status).toBe(200);
    const items = NewsDetailSchema.parse(body);
    expect(items.map(({ type, item_order, img, title, text }) => ({ type, item_order, img, title, text }))).toEqual([
      { type: 'title', item_order: 1, img: null, title: 'Что покажем', text: null },
      { type: 'text', item_order: 2, img: null, title: null, text: 'Первый абзац.' },
      { type: 'image', item_order: 3, img: 'news/shot.jpg', title: null, text: null },
    ]);
    for (const item of items) {
      expect(item.news).toMatchObject({
        id: news.id,
        title: 'Премьера',
        main_img: 'news/main.jpg',
        user: { id: author.id, fio: 'Мария Редактор', avatar: 'a.png', role: 'content-manager' },
      });
    }
  });

  it('returns 404 not_found for an unknown article (or one without blocks) and 400 for a malformed id', async () => {
    const missing = await api.getJson('/api/news/99999');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error).toMatchObject({
      code: 'not_found',
      message: 'Новость не найдена',
    });
    const empty = await buildNews(api.ctx.db, { title: 'Пустая' });
    expect((await api.getJson(`/api/news/${empty.id}`)).status).toBe(404);
    const bad = await api.getJson('/api/news/first');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('invalid_input');
  });
});

describe('GET /api/news/admin', () => {
  it('returns a page of articles with their authors, newest first, searchable by title', async () => {
    const author = await buildUser(api.ctx.db, { fio: 'Автор Таблицы', role: 'admin' });
    const article = await buildNews(api.ctx.db, { title: 'Для таблицы панели', userId: author.id });
    const { token } = await buildSignedInUser(api.ctx, { role: 'content-manager' });
    const { status, body } = await api.t.call('GET /news/admin', { query: { q: 'таблицы панели' } }, token);
    expect(status).toBe(200);
    expect(pageSchema(NewsRowSchema).parse(body)).toMatchObject({
      data: [
        { id: article.id, title: 'Для таблицы панели', main_img: 'news/main.jpg', user: { fio: 'Автор Таблицы' } },
      ],
      total: 1,
      last_page: 1,
    });
  });
});

describe('POST /api/news/create', () => {
  const newsDir = () => path.join(api.ctx.config.storageDir, 'images', 'news');
  const storedFiles = () => (fs.existsSync(newsDir()) ? fs.readdirSync(newsDir()).sort() : []);
  const articleCount = () => api.ctx.db.$count(schema.news);

  type Block = { type: string; item_order: number | string; content?: string | Blob };
  async function form({
    title = 'Новая неделя',
    main = pngBlob() as Promise<Blob> | Blob | null,
    blocks = [] as Block[],
  }) {
    const data = new FormData();
    if (title !== null) data.append('mainTitle', title);
    const image = await main;
    if (image) data.append('mainImage', image, 'main.png');
    blocks.forEach((block, i) => {
      data.append(`blocks[${i}][type]`, block.type);
      data.append(`blocks[${i}][item_order]`, String(block.item_order));
      if (block.content instanceof Blob) data.append(`blocks[${i}][content]`, block.content, `block-${i}.png`);
      else if (block.content !== undefined) data.append(`blocks[${i}][content]`, block.content);
    });
    return data;
  }
  const create = async (body: FormData, role: 'content-manager' | 'admin' = 'content-manager') => {
    const signedIn = await buildSignedInUser(api.ctx, { role, fio: 'Контент Менеджер' });
    return { ...(await api.t.call('POST /news/create', { body }, signedIn.token)), author: signedIn.user };
  };
  const TEXT_BLOCKS: Block[] = [{ type: 'text', item_order: 1, content: 'Абзац.' }];

  it('returns 201, stores the article signed by the caller with its blocks renumbered from 1 in item_order order; open dashboards are told', async () => {
    const staff = await connectLiveClient(api.t.url, (await buildSignedInUser(api.ctx, { role: 'admin' })).token);
    const pushes = staff.count('dashboard:changed');
    const body = await form({
      title: 'Фестиваль',
      blocks: [
        { type: 'text', item_order: 3, content: 'Третий по порядку.' },
        { type: 'image', item_order: 1, content: await pngBlob(2000, 1000) },
        { type: 'title', item_order: 2, content: 'Программа' },
      ],
    });
    const { status, body: answer, author } = await create(body);
    expect(status).toBe(201);
    const { id, message } = NewsCreatedSchema.parse(answer);
    expect(message).toBe(NEWS_SAVED);
    await staff.waitFor('dashboard:changed', () => staff.count('dashboard:changed') > pushes);
    staff.disconnect();

    const items = NewsDetailSchema.parse((await api.getJson(`/api/news/${id}`)).body);
    expect(items.map((i) => [i.item_order, i.type, i.title ?? i.text ?? 'img'])).toEqual([
      [1, 'image', 'img'],
      [2, 'title', 'Программа'],
      [3, 'text', 'Третий по порядку.'],
    ]);
    expect(items[0]!.news).toMatchObject({ title: 'Фестиваль', user: { id: author.id, fio: 'Контент Менеджер' } });
    // Both images were re-encoded as WebP and are served by the cinema.
    for (const name of [items[0]!.img!, items[0]!.news.main_img]) {
      expect(name).toMatch(/^news\/[\w-]+\.webp$/);
      const served = await api.t.fetch(`/storage/images/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('returns 400 without a title or a main image, and writes nothing', async () => {
    const before = [await articleCount(), storedFiles()];
    const noTitle = await create(await form({ title: '  ', blocks: TEXT_BLOCKS }));
    expect(noTitle.status).toBe(400);
    expect(fieldsOf(noTitle.body)).toMatchObject({ mainTitle: 'Введите заголовок' });
    const noImage = await create(await form({ main: null, blocks: TEXT_BLOCKS }));
    expect(noImage.status).toBe(400);
    expect(fieldsOf(noImage.body)).toHaveProperty('mainImage');
    expect([await articleCount(), storedFiles()]).toEqual(before);
  });

  it('returns 400 for malformed blocks (none, unknown type, repeated order, missing content, file in a text block)', async () => {
    const before = [await articleCount(), storedFiles()];
    const cases: [Block[], string][] = [
      [[], 'blocks'],
      [[{ type: 'video', item_order: 1, content: 'x' }], 'blocks.0.type'],
      [[{ type: 'text', item_order: 'first', content: 'x' }], 'blocks.0.item_order'],
      [
        [
          { type: 'text', item_order: 1, content: 'a' },
          { type: 'title', item_order: 1, content: 'b' },
        ],
        'blocks',
      ],
      [[{ type: 'text', item_order: 1 }], 'blocks.0.content'],
      [[{ type: 'image', item_order: 1, content: 'news/elsewhere.jpg' }], 'blocks.0.content'],
      [[{ type: 'text', item_order: 1, content: await pngBlob() }], 'blocks.0.content'],
    ];
    for (const [blocks, field] of cases) {
      const { status, body } = await create(await form({ blocks }));
      expect(status, field).toBe(400);
      expect(Object.keys(fieldsOf(body)), JSON.stringify(blocks)).toContain(field);
    }
    expect([await articleCount(), storedFiles()]).toEqual(before);
  });

  it('returns 400 for a text file named .png and for an SVG, as the main image or a block, and stores nothing', async () => {
    const before = [await articleCount(), storedFiles()];
    const fakeMain = await create(await form({ main: fakePngBlob(), blocks: TEXT_BLOCKS }));
    expect(fakeMain.status).toBe(400);
    expect(fakeMain.body.error.message).toMatch(/Загрузите изображение/);
    const svgMain = await create(await form({ main: svgBlob(), blocks: TEXT_BLOCKS }));
    expect(svgMain.status).toBe(400);
    // The main image is stored first; the bad block image must take it away again.
    const fakeBlock = await create(await form({ blocks: [{ type: 'image', item_order: 1, content: fakePngBlob() }] }));
    expect(fakeBlock.status).toBe(400);
    expect(fieldsOf(fakeBlock.body)).toHaveProperty(['blocks[0][content]']);
    expect([await articleCount(), storedFiles()]).toEqual(before);
  });

  it('returns 413 for a main image or a block image over the limit, and stores nothing', async () => {
    const before = [await articleCount(), storedFiles()];
    const big = await create(await form({ main: oversizedBlob(NEWS_IMAGE_MAX_BYTES), blocks: TEXT_BLOCKS }));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const bigBlock = await create(
      await form({ blocks: [{ type: 'image', item_order: 1, content: oversizedBlob(NEWS_IMAGE_MAX_BYTES) }] }),
    );
    expect(bigBlock.status).toBe(413);
    expect([await articleCount(), storedFiles()]).toEqual(before);
  });

  it('returns 401 for a guest and 403 for a manager, and writes nothing', async () => {
    const before = [await articleCount(), storedFiles()];
    const body = await form({ blocks: TEXT_BLOCKS });
    expect((await api.t.call('POST /news/create', { body })).status).toBe(401);
    const manager = await buildSignedInUser(api.ctx, { role: 'manager' });
    expect((await api.t.call('POST /news/create', { body }, manager.token)).status).toBe(403);
    expect([await articleCount(), storedFiles()]).toEqual(before);
  });
});
