/** Viewer reviews of films (SPEC sections 2, 3 and 7). */
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from './accounts';
import { REACTIONS } from './constants';
import { InstantSchema } from './common';
import { z } from './zod';

export const ReactionSchema = z.union([z.literal(REACTIONS.positive), z.literal(REACTIONS.negative)], {
  error: 'Выберите реакцию',
});

/** POST /api/reviews/{filmId}/store; the answer is the stored review as the film page lists it (FilmReview). */
export const ReviewBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Введите заголовок')
    .max(REVIEW_TITLE_MAX, `Заголовок — не больше ${REVIEW_TITLE_MAX} символов`),
  comment: z
    .string()
    .trim()
    .min(1, 'Напишите отзыв')
    .max(REVIEW_COMMENT_MAX, `Отзыв — не больше ${REVIEW_COMMENT_MAX} символов`),
  type_rating: ReactionSchema,
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

/** GET /api/profile/reviews: the viewer's own reviews, newest first, each naming its film. */
export const OwnReviewSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  comment: z.string(),
  created_at: InstantSchema,
  type_rating: ReactionSchema,
  movie: z.strictObject({ id: z.number().int(), title: z.string() }),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;
export const OwnReviewListSchema = z.array(OwnReviewSchema);

/** GET /api/count-reviews: how many reviews the viewer wrote, in total and by reaction. */
export const ReviewCountsSchema = z.strictObject({
  total: z.number().int().nonnegative(),
  positive: z.number().int().nonnegative(),
  negative: z.number().int().nonnegative(),
});
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;
