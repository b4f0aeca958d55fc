import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { createNews, findNews, listNewsForStaff } from './service';
import { presentNewsCard } from './presenter';

export const newsRoutes = (ctx: AppContext) =>
  handlers({
    /** Every article, newest first. */
    'GET /news': async () => {
      const rows = await ctx.db.query.news.findMany({ orderBy: (n, { desc }) => [desc(n.createdAt), desc(n.id)] });
      return rows.map(presentNewsCard);
    },
    'GET /news/:id': ({ params }) => findNews(ctx, params.id),
    'GET /news/admin': ({ query }) => listNewsForStaff(ctx, query),
    'POST /news/create': ({ user, body, files }) => createNews(ctx, user.id, body, files),
  });
