/** The back office's reviews: all of them with film and author, and deleting one (moderation). */
import { count, desc, eq } from 'drizzle-orm';
import type { StaffPageQuery } from '../../contract/common';
import type { StaffReview } from '../../contract/reviews';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { notFound } from '../../lib/http/errors';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';

const { reviews, films, users } = schema;

export function listAllReviews(ctx: Pick<AppContext, 'db'>, query: StaffPageQuery): Promise<Page<StaffReview>> {
  const where = searchCondition(query.q, reviews.title, reviews.comment, films.title, users.fio, users.email);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await ctx.db
          .select({
            review: reviews,
            film: { id: films.id, title: films.title },
            user: { id: users.id, fio: users.fio, email: users.email },
          })
          .from(reviews)
          .innerJoin(films, eq(films.id, reviews.filmId))
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset)
      ).map(({ review, film, user }) => ({
        id: review.id,
        title: review.title,
        comment: review.comment,
        created_at: review.createdAt.toISOString(),
        type_rating: review.typeRating === 2 ? 2 : 1,
        movie: film,
        user,
      })),
    async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(reviews)
        .innerJoin(films, eq(films.id, reviews.filmId))
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}

export async function deleteReview(ctx: AppContext, id: number): Promise<void> {
  await write(ctx, async (tx, changed) => {
    const [deleted] = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ filmId: reviews.filmId });
    if (!deleted) throw notFound('Отзыв не найден');
    changed({ what: 'reviews', filmId: deleted.filmId });
  });
}
