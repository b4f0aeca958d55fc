/** Viewer reviews of films (docs/product.md §2, §3 and §7). */
import { REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX } from './accounts';
import { REACTIONS } from './constants';
import { IdParamsSchema, InstantSchema, pageSchema, StaffPageQuerySchema } from './common';
import { requires, SIGNED_IN, type EndpointMap } from './endpoint';
import { FilmReviewSchema } from './films';
import { z } from './zod';

export const ReactionSchema = z.union([z.literal(REACTIONS.positive), z.literal(REACTIONS.negative)], {
  error: 'Выберите реакцию',
});

/** POST /api/reviews/{filmId}/store; the answer is the stored review as the film page lists it (FilmReview). */
export const ReviewBodySchema = z.strictObject({
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

/** A review as the back office's moderation table lists it: with its film and its author. */
export const StaffReviewSchema = OwnReviewSchema.extend({
  user: z.strictObject({ id: z.number().int(), fio: z.string(), email: z.string() }),
});
export type StaffReview = z.infer<typeof StaffReviewSchema>;

export const reviewEndpoints = {
  'POST /reviews/:id/store': {
    summary: 'Написать отзыв о фильме',
    access: SIGNED_IN,
    params: IdParamsSchema,
    body: ReviewBodySchema,
    response: FilmReviewSchema,
    status: 201,
  },
  'GET /count-reviews': { summary: 'Сколько отзывов написал зритель', access: SIGNED_IN, response: ReviewCountsSchema },
  'GET /profile/reviews': { summary: 'Свои отзывы', access: SIGNED_IN, response: OwnReviewListSchema },
  'GET /reviews': {
    summary: 'Все отзывы для модерации, новые первыми; q — поиск по заголовку, тексту, фильму, автору',
    access: requires('reviews', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(StaffReviewSchema),
  },
  'DELETE /reviews/:id': {
    summary: 'Удалить отзыв (модерация)',
    access: requires('reviews', 'delete'),
    params: IdParamsSchema,
    response: z.strictObject({ deleted: z.literal(true) }),
  },
} as const satisfies EndpointMap;
