import { asc } from 'drizzle-orm';
import { Router } from 'express';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { endpoint } from '../../lib/validate';
import { presentGenre } from './presenter';

export function genreRoutes(ctx: AppContext): Router {
  const router = Router();
  /** GET /api/genres: every genre, alphabetical. */
  router.get(
    '/genres',
    endpoint({}, async () => {
      const rows = await ctx.db.select().from(schema.genres).orderBy(asc(schema.genres.name));
      return rows.map(presentGenre);
    }),
  );
  return router;
}
