import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { notFound } from '../../lib/http/errors';
import { presentStock } from './presenter';
import { createStock, listStocksForStaff } from './service';

/** Promotions (SPEC's stocks). */
export const stockRoutes = (ctx: AppContext) =>
  handlers({
    /** Promotions that have not ended, by start date. */
    'GET /stocks': async () => {
      const rows = await ctx.db.query.promotions.findMany({
        where: (p, { gte }) => gte(p.dateEnd, ctx.clock.now()),
        orderBy: (p, { asc }) => [asc(p.dateStart), asc(p.id)],
      });
      return rows.map(presentStock);
    },
    /** Any promotion, ended ones too (links to them keep working). */
    'GET /stocks/:id': async ({ params }) => {
      const promotion = await ctx.db.query.promotions.findFirst({ where: (p, { eq }) => eq(p.id, params.id) });
      if (!promotion) throw notFound('Акция не найдена');
      return presentStock(promotion);
    },
    'GET /stocks/admin': ({ query }) => listStocksForStaff(ctx, query),
    'POST /stocks/create': ({ body, files }) => createStock(ctx, body, files.img),
  });
