/** Every domain's routes, mounted under /api. */
import { Router } from 'express';
import type { AppContext } from '../context';
import { authenticate } from './auth/guard';
import { authRoutes } from './auth/routes';
import { favouriteRoutes } from './favourites/routes';
import { healthRoutes } from './health/routes';
import { profileRoutes } from './profile/routes';
import { reviewRoutes } from './reviews/routes';
import { countryRoutes } from './countries/routes';
import { filmRoutes } from './films/routes';
import { genreRoutes } from './genres/routes';
import { hallRoutes } from './halls/routes';
import { newsRoutes } from './news/routes';
import { personRoutes } from './persons/routes';
import { scheduleRoutes } from './schedules/routes';
import { stockRoutes } from './stocks/routes';
import { seatRoutes } from './seats/routes';
import { ticketRoutes } from './tickets/routes';

export function apiRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(healthRoutes(ctx));
  router.use(authenticate(ctx));
  router.use(authRoutes(ctx));
  router.use(profileRoutes(ctx));
  router.use(favouriteRoutes(ctx));
  router.use(reviewRoutes(ctx));
  router.use(filmRoutes(ctx));
  router.use(genreRoutes(ctx));
  router.use(countryRoutes(ctx));
  router.use(hallRoutes(ctx));
  router.use(scheduleRoutes(ctx));
  router.use(personRoutes(ctx));
  router.use(newsRoutes(ctx));
  router.use(stockRoutes(ctx));
  router.use(seatRoutes(ctx));
  router.use(ticketRoutes(ctx));
  return router;
}
