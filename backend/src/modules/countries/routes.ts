import { asc } from 'drizzle-orm';
import { Router } from 'express';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { endpoint } from '../../lib/validate';
import { presentCountry } from './presenter';

export function countryRoutes(ctx: AppContext): Router {
  const router = Router();
  /** GET /api/countries: every country, alphabetical. */
  router.get(
    '/countries',
    endpoint({}, async () => {
      const rows = await ctx.db.select().from(schema.countries).orderBy(asc(schema.countries.name));
      return rows.map(presentCountry);
    }),
  );
  return router;
}
