import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { NewsDetailSchema, NewsListSchema } from '../../contract/news';
import { buildNews, buildUser } from '../../testing/factories';
import { useTestApi } from '../../testing/api';

const api = useTestApi();

describe('GET /api/news', () => {
  it('returns 200 with every article newest first', async () => {
    const older = await buildNews(api.ctx.db, { title: 'Старая', createdAt: new Date(Date.now() - 3600_000) });
    const newer = await buildNews(api.ctx.db, { title: 'Свежая', mainImg: 'https://cdn.example/n.jpg' });
    const { status, body } = await api.getJson('/api/news');
    expect(status).toBe(200);
    const list = NewsListSchema.parse(body);
    expect(list.map((n) => n.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({ title: 'Свежая', main_img: 'https://cdn.example/n.jpg' });
  });
});

describe('GET /api/news/{id}', () => {
  it('returns the article with news.user and its blocks in order, content under img, title or text', async () => {
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
    const detail = NewsDetailSchema.parse(body);
    expect(detail).toMatchObject({
      id: news.id,
      title: 'Премьера',
      main_img: 'news/main.jpg',
      user: { id: author.id, fio: 'Мария Редактор', avatar: 'a.png', role: 'content-manager' },
    });
    expect(
      detail.items.map(({ type, item_order, img, title, text }) => ({ type, item_order, img, title, text })),
    ).toEqual([
      { type: 'title', item_order: 1, img: null, title: 'Что покажем', text: null },
      { type: 'text', item_order: 2, img: null, title: null, text: 'Первый абзац.' },
      { type: 'image', item_order: 3, img: 'news/shot.jpg', title: null, text: null },
    ]);
  });

  it('returns an article without blocks with its title and author', async () => {
    const news = await buildNews(api.ctx.db, { title: 'Коротко' });
    expect(NewsDetailSchema.parse((await api.getJson(`/api/news/${news.id}`)).body)).toMatchObject({
      title: 'Коротко',
      items: [],
    });
  });

  it('returns 404 not_found for an unknown article and 400 for a malformed id', async () => {
    const missing = await api.getJson('/api/news/99999');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error).toMatchObject({
      code: 'not_found',
      message: 'Новость не найдена',
    });
    const bad = await api.getJson('/api/news/first');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('invalid_input');
  });
});
