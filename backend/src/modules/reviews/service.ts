import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReviewBodySchema, ReviewCounts } from '../../contract/reviews';
import { REACTIONS } from '../../contract/constants';
import type { AppContext } from '../../context';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode, schema } from '../../db';
import { write } from '../../effects';
import { notFound } from '../../lib/http/errors';

/** Stores a review of a film; 404 when the film does not exist. */
export async function storeReview(
  ctx: AppContext,
  userId: number,
  filmId: number,
  body: z.output<typeof ReviewBodySchema>,
) {
  try {
    return await write(ctx, async (tx, changed) => {
      const [review] = await tx
        .insert(schema.reviews)
        .values({ filmId, userId, title: body.title, comment: body.comment, typeRating: body.type_rating })
        .returning();
      changed({ what: 'reviews', filmId });
      return review!;
    });
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw notFound('Фильм не найден');
    throw err;
  }
}

export async function countReviews(ctx: Pick<AppContext, 'db'>, userId: number): Promise<ReviewCounts> {
  const { reviews } = schema;
  const [counts] = await ctx.db
    .select({
      total: count(),
      positive: sql<number>`count(*) filter (where ${reviews.typeRating} = ${REACTIONS.positive})`.mapWith(Number),
      negative: sql<number>`count(*) filter (where ${reviews.typeRating} = ${REACTIONS.negative})`.mapWith(Number),
    })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  return counts ?? { total: 0, positive: 0, negative: 0 };
}

/** The viewer's reviews, newest first, with their films. */
export function ownReviews(ctx: Pick<AppContext, 'db'>, userId: number) {
  return ctx.db.query.reviews.findMany({
    where: (r, { eq }) => eq(r.userId, userId),
    orderBy: (r, { desc }) => [desc(r.createdAt), desc(r.id)],
    with: { film: { columns: { id: true, title: true } } },
  });
}
