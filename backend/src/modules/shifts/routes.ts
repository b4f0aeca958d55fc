import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { notFound } from '../../lib/http/errors';
import { visibleShift } from './access';
import { closeShift } from './close-shift';
import { listShifts } from './list';
import { openShift } from './open-shift';
import { shiftReportPdf } from './pdf';
import { openShiftOf, presentShift } from './queries';

export function shiftRoutes(ctx: AppContext) {
  return handlers({
    'POST /shifts/open': ({ user, body }) => openShift(ctx, user, body),
    'GET /shifts': ({ user, query }) => listShifts(ctx, user, query),
    'GET /shifts/current': async ({ user }) => {
      const shift = await openShiftOf(ctx.db, user.id);
      if (!shift) throw notFound('Смена не открыта');
      return presentShift(ctx.db, shift);
    },
    'GET /shifts/:id': async ({ user, params }) => presentShift(ctx.db, await visibleShift(ctx.db, user, params.id)),
    'GET /shifts/:id/pdf': async ({ user, params, res }) => {
      const { filename, bytes } = await shiftReportPdf(ctx, user, params.id);
      // An open shift's figures move with every sale: no cache keeps an old report.
      res.set('Cache-Control', 'private, no-store').type('application/pdf').attachment(filename).send(bytes);
    },
    'POST /shifts/:id/close': ({ user, params, body }) => closeShift(ctx, params.id, user, body.counted),
  });
}
