import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { handlers } from '../../lib/http/api-router';
import { notFound } from '../../lib/http/errors';
import { namedPage } from '../catalog/named-page';
import { replacePlan } from './plan';
import { loadPlan, presentZone } from '../seats/plan-read';
import { presentHall } from './presenter';

export const hallRoutes = (ctx: AppContext) =>
  handlers({
    /** Every hall, in the order they were opened. */
    'GET /halls': async () => (await ctx.db.select().from(schema.halls).orderBy(asc(schema.halls.id))).map(presentHall),
    /** The back office's table: a page, `q` searching the name. */
    'GET /halls/admin': ({ query }) => namedPage(ctx, schema.halls, query, presentHall, 'id'),
    'GET /seat-zones': async () =>
      (await ctx.db.select().from(schema.seatZones).orderBy(asc(schema.seatZones.position))).map(presentZone),
    /** A zone's name and colour (the legend, the PDFs, the lists): pages showing them are rendered again. */
    'PUT /seat-zones/:code': async ({ params, body }) => {
      const zone = await write(ctx, async (tx, changed) => {
        const [row] = await tx
          .update(schema.seatZones)
          .set({ name: body.name, color: body.color })
          .where(eq(schema.seatZones.code, params.code))
          .returning();
        if (row) changed({ what: 'halls' });
        return row;
      });
      if (!zone) throw notFound('Такой зоны нет');
      return presentZone(zone);
    },
    'GET /halls/:id/plan': ({ params }) => loadPlan(ctx.db, params.id),
    'PUT /halls/:id/plan': ({ params, body }) => replacePlan(ctx, params.id, body, ctx.clock.now()),
  });
