import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../contract/common';
import { StaffReviewSchema } from '../../contract/reviews';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildReview, buildSignedInUser, buildUser } from '../../testing/factories';

const api = useTestApi();

describe('the reviews moderation table', () => {
  it('GET /api/reviews returns every review with its film and author, newest first, searchable', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const film = await buildFilm(api.ctx.db, { title: 'Модерация' });
    const author = await buildUser(api.ctx.db, { fio: 'Пётр Рецензент' });
    const review = await buildReview(api.ctx.db, { filmId: film.id, userId: author.id, title: 'Спорный отзыв' });
    const { status, body } = await api.t.call('GET /reviews', { query: { q: 'рецензент' } }, token);
    expect(status).toBe(200);
    const page = pageSchema(StaffReviewSchema).parse(body);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: review.id,
      title: 'Спорный отзыв',
      movie: { id: film.id, title: 'Модерация' },
      user: { id: author.id, fio: 'Пётр Рецензент' },
    });
  });

  it('DELETE /api/reviews/{id} returns 200 and the review is gone from the film page; a second delete is 404', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const film = await buildFilm(api.ctx.db);
    const review = await buildReview(api.ctx.db, { filmId: film.id });
    expect((await api.t.call('DELETE /reviews/:id', { params: { id: review.id } }, token)).status).toBe(200);
    expect(await api.ctx.db.$count(schema.reviews, eq(schema.reviews.id, review.id))).toBe(0);
    const page = await api.t.call('GET /films/:id', { params: { id: film.id } });
    expect(page.body.review).toEqual([]);
    expect((await api.t.call('DELETE /reviews/:id', { params: { id: review.id } }, token)).status).toBe(404);
  });
});
