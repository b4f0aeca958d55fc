/** Reviews: POST /api/reviews/{filmId}/store, GET /api/count-reviews, GET /api/profile/reviews. */
import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import type { FilmReview } from '../../contract/films';
import { ReviewBodySchema, type OwnReview, type ReviewCounts } from '../../contract/reviews';
import type { AppContext } from '../../context';
import { endpoint } from '../../lib/validate';
import { requireUser, signedInUser } from '../auth/guard';
import { presentFilmReview } from '../films/presenter';
import { presentOwnReview } from './presenter';
import { countReviews, ownReviews, storeReview } from './service';

export function reviewRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post(
    '/reviews/:id/store',
    requireUser,
    endpoint(
      { params: IdParamsSchema, body: ReviewBodySchema },
      async ({ params, body }, _req, res): Promise<FilmReview> => {
        const user = signedInUser(res);
        const review = await storeReview(ctx, user.id, params.id, body);
        const { total } = await countReviews(ctx, user.id);
        return presentFilmReview({ ...review, user: { ...user, reviewsCount: total } });
      },
      201,
    ),
  );

  router.get(
    '/count-reviews',
    requireUser,
    endpoint({}, (_input, _req, res): Promise<ReviewCounts> => countReviews(ctx, signedInUser(res).id)),
  );

  router.get(
    '/profile/reviews',
    requireUser,
    endpoint({}, async (_input, _req, res): Promise<OwnReview[]> =>
      (await ownReviews(ctx, signedInUser(res).id)).map(presentOwnReview),
    ),
  );

  return router;
}
