import type { AppContext } from '../../context';
import { handlers } from '../../lib/api-router';
import { noOpenShift } from '../till/sell';
import { openShiftOf } from '../shifts/queries';
import { issueCorrection, pendingCorrections } from './corrections';
import { printXReport } from './shift';

export function fiscalRoutes(ctx: AppContext) {
  return handlers({
    'GET /fiscal/corrections': () => pendingCorrections(ctx),
    'POST /fiscal/report-x': async ({ user }) => {
      const shift = await openShiftOf(ctx.db, user.id);
      if (!shift) throw noOpenShift();
      return printXReport(ctx, shift.id, user);
    },
    'POST /fiscal/corrections/:id/issue': ({ user, params }) => issueCorrection(ctx, params.id, user),
  });
}
