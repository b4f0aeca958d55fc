import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/http/api-router';
import { namedPage } from '../catalog/named-page';
import { presentGenre } from './presenter';

export const genreRoutes = (ctx: AppContext) =>
  handlers({
    /** Every genre, alphabetical: the catalogue's filter. */
    'GET /genres': async () =>
      (await ctx.db.select().from(schema.genres).orderBy(asc(schema.genres.name))).map(presentGenre),
    /** The back office's table: a page, `q` searching the name. */
    'GET /genres/admin': ({ query }) => namedPage(ctx, schema.genres, query, presentGenre, 'name'),
  });
