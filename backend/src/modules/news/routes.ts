import type { AppContext } from '../../context';
import { handlers } from '../../lib/api-router';
import { notFound } from '../../lib/errors';
import { presentNewsCard, presentNewsDetail } from './presenter';

export const newsRoutes = (ctx: AppContext) =>
  handlers({
    /** Every article, newest first. */
    'GET /news': async () => {
      const rows = await ctx.db.query.news.findMany({ orderBy: (n, { desc }) => [desc(n.createdAt), desc(n.id)] });
      return rows.map(presentNewsCard);
    },
    /** The article, its author and its blocks in order. */
    'GET /news/:id': async ({ params }) => {
      const news = await ctx.db.query.news.findFirst({
        where: (n, { eq }) => eq(n.id, params.id),
        with: {
          user: { columns: { id: true, fio: true, avatar: true, role: true } },
          items: { orderBy: (i, { asc }) => [asc(i.itemOrder)] },
        },
      });
      if (!news) throw notFound('Новость не найдена');
      return presentNewsDetail(news);
    },
  });
