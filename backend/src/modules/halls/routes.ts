import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/api-router';
import { namedPage } from '../catalog/named-page';
import { presentHall } from './presenter';

export const hallRoutes = (ctx: AppContext) =>
  handlers({
    /** Every hall, in the order they were opened. */
    'GET /halls': async () => (await ctx.db.select().from(schema.halls).orderBy(asc(schema.halls.id))).map(presentHall),
    /** The back office's table: a page, `q` searching the name. */
    'GET /halls/admin': ({ query }) => namedPage(ctx, schema.halls, query, presentHall, 'id'),
  });
