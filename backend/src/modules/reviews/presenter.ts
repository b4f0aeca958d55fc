import type { OwnReview } from '../../contract/reviews';
import type { schema } from '../../db';

type ReviewRow = typeof schema.reviews.$inferSelect;
/** One of the viewer's own reviews, naming its film. */
export const presentOwnReview = (review: ReviewRow & { film: { id: number; title: string } }): OwnReview => ({
  id: review.id,
  title: review.title,
  comment: review.comment,
  created_at: review.createdAt.toISOString(),
  type_rating: review.typeRating === 2 ? 2 : 1,
  movie: { id: review.film.id, title: review.film.title },
});
