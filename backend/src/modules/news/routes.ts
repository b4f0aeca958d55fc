import { Router } from 'express';
import { IdParamsSchema } from '../../contract/common';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { endpoint } from '../../lib/validate';
import { presentNewsCard, presentNewsDetail } from './presenter';

export function newsRoutes(ctx: AppContext): Router {
  const router = Router();

  /** GET /api/news: every article, newest first. */
  router.get(
    '/news',
    endpoint({}, async () => {
      const rows = await ctx.db.query.news.findMany({ orderBy: (n, { desc }) => [desc(n.createdAt), desc(n.id)] });
      return rows.map(presentNewsCard);
    }),
  );

  /** GET /api/news/{id}: the article, its author and its blocks in order. */
  router.get(
    '/news/:id',
    endpoint({ params: IdParamsSchema }, async ({ params }) => {
      const news = await ctx.db.query.news.findFirst({
        where: (n, { eq }) => eq(n.id, params.id),
        with: {
          user: { columns: { id: true, fio: true, avatar: true, role: true } },
          items: { orderBy: (i, { asc }) => [asc(i.itemOrder)] },
        },
      });
      if (!news) throw notFound('Новость не найдена');
      return presentNewsDetail(news);
    }),
  );

  return router;
}
