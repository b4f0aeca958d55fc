import { desc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/http/api-router';
import { paginate, searchCondition } from '../../lib/http/paging';

const { achievements } = schema;

export const achievementRoutes = (ctx: AppContext) =>
  handlers({
    'GET /achievments': ({ query }) => {
      const where = searchCondition(query.q, achievements.title);
      return paginate(
        query,
        async (limit, offset) =>
          (
            await ctx.db
              .select()
              .from(achievements)
              .where(where)
              .orderBy(desc(achievements.id))
              .limit(limit)
              .offset(offset)
          ).map((a) => ({ id: a.id, title: a.title, created_at: a.createdAt.toISOString() })),
        () => ctx.db.$count(achievements, where),
      );
    },
  });
