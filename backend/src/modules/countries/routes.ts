import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/http/api-router';
import { namedPage } from '../catalog/named-page';
import { presentCountry } from './presenter';

export const countryRoutes = (ctx: AppContext) =>
  handlers({
    /** Every country, alphabetical: the catalogue's filter. */
    'GET /countries': async () =>
      (await ctx.db.select().from(schema.countries).orderBy(asc(schema.countries.name))).map(presentCountry),
    /** The back office's table: a page, `q` searching the name. */
    'GET /countries/admin': ({ query }) => namedPage(ctx, schema.countries, query, presentCountry, 'name'),
  });
