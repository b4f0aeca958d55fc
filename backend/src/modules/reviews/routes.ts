/** Reviews: POST /api/reviews/{filmId}/store, GET /api/count-reviews, GET /api/profile/reviews. */
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { presentFilmReview } from '../films/presenter';
import { deleteReview, listAllReviews } from './moderation';
import { presentOwnReview } from './presenter';
import { countReviews, ownReviews, storeReview } from './service';

export const reviewRoutes = (ctx: AppContext) =>
  handlers({
    'POST /reviews/:id/store': async ({ user, params, body }) => {
      const review = await storeReview(ctx, user.id, params.id, body);
      const { total } = await countReviews(ctx, user.id);
      return presentFilmReview({ ...review, user: { ...user, reviewsCount: total } });
    },
    'GET /count-reviews': ({ user }) => countReviews(ctx, user.id),
    'GET /profile/reviews': async ({ user }) => (await ownReviews(ctx, user.id)).map(presentOwnReview),
    'GET /reviews': ({ query }) => listAllReviews(ctx, query),
    'DELETE /reviews/:id': async ({ params }) => {
      await deleteReview(ctx, params.id);
      return { deleted: true as const };
    },
  });
