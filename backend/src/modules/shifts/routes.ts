import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/api-router';
import { notFound } from '../../lib/errors';
import { maySeeShift } from './access';
import { closeShift } from './close-shift';
import { openShift } from './open-shift';
import { openShiftOf, presentShift } from './queries';

export function shiftRoutes(ctx: AppContext) {
  return handlers({
    'POST /shifts/open': ({ user, body }) => openShift(ctx, user, body),
    'GET /shifts/current': async ({ user }) => {
      const shift = await openShiftOf(ctx.db, user.id);
      if (!shift) throw notFound('Смена не открыта');
      return presentShift(ctx.db, shift);
    },
    'GET /shifts/:id': async ({ user, params }) => {
      const [shift] = await ctx.db.select().from(schema.shifts).where(eq(schema.shifts.id, params.id));
      if (!shift || !maySeeShift(user, shift)) throw notFound('Смена не найдена');
      return presentShift(ctx.db, shift);
    },
    'POST /shifts/:id/close': ({ user, params, body }) => closeShift(ctx, params.id, user, body.counted),
  });
}
