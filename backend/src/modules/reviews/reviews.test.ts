import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { FilmReviewSchema } from '../../contract/films';
import { OwnReviewListSchema, ReviewCountsSchema } from '../../contract/reviews';
import { schema } from '../../db';
import { buildFilm, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

const review = (overrides: Record<string, unknown> = {}) => ({
  title: 'Сильное кино',
  comment: 'Смотрел на одном дыхании, финал удивил.',
  type_rating: 1,
  ...overrides,
});
const storeReview = (filmId: number | string, json: unknown, token?: string) =>
  t.fetch(`/api/reviews/${filmId}/store`, { method: 'POST', json, token });
const reviewCount = async () => (await t.ctx.db.select({ n: count() }).from(schema.reviews))[0]!.n;

describe('POST /api/reviews/{id}/store', () => {
  it('returns 201 with the stored review and its author, whose count includes it', async () => {
    const { user, token } = await buildSignedInUser(t.ctx, { fio: 'Критик Строгий', avatar: 'avatars/a.webp' });
    const film = await buildFilm(t.ctx.db);
    expect((await storeReview(film.id, review({ type_rating: 2 }), token)).status).toBe(201);

    const res = await storeReview(film.id, review({ title: '  Второй взгляд  ' }), token);
    expect(res.status).toBe(201);
    const body = FilmReviewSchema.parse(await res.json());
    expect(body).toMatchObject({
      title: 'Второй взгляд',
      comment: review().comment,
      type_rating: 1,
      user: { id: user.id, fio: 'Критик Строгий', avatar: 'avatars/a.webp', provider: 'youth', reviews_count: 2 },
    });
    const [row] = await t.ctx.db.select().from(schema.reviews).where(eq(schema.reviews.id, body.id));
    expect(row).toMatchObject({ filmId: film.id, userId: user.id, typeRating: 1 });
  });

  it('accepts a title of 120 and a comment of 5000 characters', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const film = await buildFilm(t.ctx.db);
    const res = await storeReview(film.id, review({ title: 'т'.repeat(120), comment: 'к'.repeat(5000) }), token);
    expect(res.status).toBe(201);
  });

  it.each([
    ['no title', { title: undefined }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title over 120 characters', { title: 'т'.repeat(121) }, 'title'],
    ['no comment', { comment: undefined }, 'comment'],
    ['a comment over 5000 characters', { comment: 'к'.repeat(5001) }, 'comment'],
    ['no reaction', { type_rating: undefined }, 'type_rating'],
    ['reaction 3', { type_rating: 3 }, 'type_rating'],
    ['a reaction of the wrong type', { type_rating: '1' }, 'type_rating'],
    ['a title of the wrong type', { title: { $ne: null } }, 'title'],
  ])('returns 400 for %s, naming the field, and writes nothing', async (_case, overrides, field) => {
    const { token } = await buildSignedInUser(t.ctx);
    const film = await buildFilm(t.ctx.db);
    const before = await reviewCount();
    const res = await storeReview(film.id, review(overrides), token);
    expect(res.status).toBe(400);
    const error = ErrorBodySchema.parse(await res.json()).error;
    expect(Object.keys((error.details as { fields: object }).fields)).toEqual([field]);
    expect(await reviewCount()).toBe(before);
  });

  it('stores SQL-looking text as plain text', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const film = await buildFilm(t.ctx.db);
    const comment = "'; DELETE FROM reviews; --";
    const res = await storeReview(film.id, review({ comment }), token);
    expect(res.status).toBe(201);
    expect(FilmReviewSchema.parse(await res.json()).comment).toBe(comment);
    expect(await reviewCount()).toBeGreaterThan(0);
  });

  it('returns 404 for a film that does not exist and 400 for a malformed id, writing nothing', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const before = await reviewCount();
    expect((await storeReview(999_999, review(), token)).status).toBe(404);
    expect((await storeReview('abc', review(), token)).status).toBe(400);
    expect(await reviewCount()).toBe(before);
  });

  it('returns 401 for a guest, and writes nothing', async () => {
    const film = await buildFilm(t.ctx.db);
    const before = await reviewCount();
    expect((await storeReview(film.id, review())).status).toBe(401);
    expect(await reviewCount()).toBe(before);
  });
});

describe('GET /api/count-reviews and GET /api/profile/reviews', () => {
  it('return the viewer’s own counts and reviews, newest first, each naming its film', async () => {
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    const first = await buildFilm(t.ctx.db, { title: 'Первый фильм' });
    const second = await buildFilm(t.ctx.db, { title: 'Второй фильм' });
    await storeReview(first.id, review({ title: 'Первый отзыв', type_rating: 1 }), me.token);
    await storeReview(second.id, review({ title: 'Второй отзыв', type_rating: 2 }), me.token);
    await storeReview(second.id, review({ title: 'Ещё один', type_rating: 2 }), me.token);
    await storeReview(first.id, review({ title: 'Чужой отзыв' }), other.token);

    const counts = await t.fetch('/api/count-reviews', { token: me.token });
    expect(counts.status).toBe(200);
    expect(ReviewCountsSchema.parse(await counts.json())).toEqual({ total: 3, positive: 1, negative: 2 });

    const list = await t.fetch('/api/profile/reviews', { token: me.token });
    expect(list.status).toBe(200);
    const reviews = OwnReviewListSchema.parse(await list.json());
    expect(reviews.map((r) => [r.title, r.movie.title])).toEqual([
      ['Ещё один', 'Второй фильм'],
      ['Второй отзыв', 'Второй фильм'],
      ['Первый отзыв', 'Первый фильм'],
    ]);
    expect(reviews[2]!.movie).toEqual({ id: first.id, title: 'Первый фильм' });
  });

  it('return zero counts and an empty list for a viewer without reviews', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    expect(await (await t.fetch('/api/count-reviews', { token })).json()).toEqual({
      total: 0,
      positive: 0,
      negative: 0,
    });
    expect(await (await t.fetch('/api/profile/reviews', { token })).json()).toEqual([]);
  });

  it('return 401 for a guest', async () => {
    expect((await t.fetch('/api/count-reviews')).status).toBe(401);
    expect((await t.fetch('/api/profile/reviews')).status).toBe(401);
  });
});
