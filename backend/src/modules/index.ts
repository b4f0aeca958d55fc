/** Every domain's handlers, mounted under /api from the contract's declarations. */
import { Router } from 'express';
import type { AppContext } from '../context';
import { apiRouter } from '../lib/http/api-router';
import { achievementRoutes } from './achievements/routes';
import { authenticate } from './auth/guard';
import { oauthRoutes } from './auth/oauth/routes';
import { authRoutes } from './auth/routes';
import { countryRoutes } from './countries/routes';
import { dashboardRoutes } from './dashboard/routes';
import { eaisRoutes } from './eais/routes';
import { docsRoutes } from './docs/routes';
import { documentRoutes } from './documents/routes';
import { favouriteRoutes } from './favourites/routes';
import { filmRoutes } from './films/routes';
import { genreRoutes } from './genres/routes';
import { hallRoutes } from './halls/routes';
import { healthRoutes } from './health/routes';
import { newsRoutes } from './news/routes';
import { orderRoutes } from './orders/routes';
import { personRoutes } from './persons/routes';
import { priceRoutes } from './prices/routes';
import { privacyRoutes } from './privacy/routes';
import { profileRoutes } from './profile/routes';
import { queueRoutes } from './queues/routes';
import { reportRoutes } from './reports/routes';
import { reviewRoutes } from './reviews/routes';
import { scheduleRoutes } from './schedules/routes';
import { seatRoutes } from './seats/routes';
import { settingsRoutes } from './settings/routes';
import { fiscalRoutes } from './till/fiscal-routes';
import { shiftRoutes } from './shifts/routes';
import { stockRoutes } from './stocks/routes';
import { ticketRoutes } from './tickets/routes';
import { tillRoutes } from './till/routes';
import { userRoutes } from './users/routes';

export function apiRoutes(ctx: AppContext, { isDraining }: { isDraining: () => boolean }): Router {
  const router = Router();
  router.use(authenticate(ctx));
  router.use(
    apiRouter(
      [
        healthRoutes(ctx, isDraining),
        authRoutes(ctx),
        oauthRoutes(ctx),
        profileRoutes(ctx),
        privacyRoutes(ctx),
        favouriteRoutes(ctx),
        reviewRoutes(ctx),
        filmRoutes(ctx),
        genreRoutes(ctx),
        countryRoutes(ctx),
        hallRoutes(ctx),
        scheduleRoutes(ctx),
        personRoutes(ctx),
        newsRoutes(ctx),
        stockRoutes(ctx),
        seatRoutes(ctx),
        ticketRoutes(ctx),
        orderRoutes(ctx),
        shiftRoutes(ctx),
        tillRoutes(ctx),
        fiscalRoutes(ctx),
        priceRoutes(ctx),
        dashboardRoutes(ctx),
        eaisRoutes(ctx),
        userRoutes(ctx),
        achievementRoutes(ctx),
        docsRoutes(),
        queueRoutes(ctx),
        reportRoutes(ctx),
        documentRoutes(ctx),
        settingsRoutes(ctx),
      ],
      { checkResponses: ctx.config.env !== 'production' },
    ),
  );
  return router;
}
