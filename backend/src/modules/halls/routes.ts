import { asc } from 'drizzle-orm';
import { Router } from 'express';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { endpoint } from '../../lib/validate';
import { presentHall } from './presenter';

export function hallRoutes(ctx: AppContext): Router {
  const router = Router();
  /** GET /api/halls: every hall, in the order they were opened. */
  router.get(
    '/halls',
    endpoint({}, async () => {
      const rows = await ctx.db.select().from(schema.halls).orderBy(asc(schema.halls.id));
      return rows.map(presentHall);
    }),
  );
  return router;
}
