import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { endpoint } from '../../lib/validate';
import { presentStock } from './presenter';

/** Promotions (SPEC's stocks). */
export function stockRoutes(ctx: AppContext): Router {
  const router = Router();

  /** GET /api/stocks: promotions that have not ended, by start date. */
  router.get(
    '/stocks',
    endpoint({}, async () => {
      const rows = await ctx.db.query.promotions.findMany({
        where: (p, { gte }) => gte(p.dateEnd, new Date()),
        orderBy: (p, { asc }) => [asc(p.dateStart), asc(p.id)],
      });
      return rows.map(presentStock);
    }),
  );

  /** GET /api/stocks/{id}: any promotion, ended ones too (links to them keep working). */
  router.get(
    '/stocks/:id',
    endpoint({ params: IdParamsSchema }, async ({ params }) => {
      const promotion = await ctx.db.query.promotions.findFirst({ where: (p, { eq }) => eq(p.id, params.id) });
      if (!promotion) throw notFound('Акция не найдена');
      return presentStock(promotion);
    }),
  );

  return router;
}
