/** The register's documents a cashier or manager asks for at the till: the X-report and the correction receipts. */
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { issueCorrection, pendingCorrections } from '../fiscal/corrections';
import { printXReport } from '../fiscal/shift';
import { openShiftOf } from '../shifts/queries';
import { noOpenShift } from '../shifts/locks';

export function fiscalRoutes(ctx: AppContext) {
  return handlers({
    'GET /fiscal/corrections': () => pendingCorrections(ctx),
    'POST /fiscal/report-x': async ({ user }) => {
      const shift = await openShiftOf(ctx.db, user.id);
      if (!shift) throw noOpenShift();
      return printXReport(ctx, shift.id, user);
    },
    'POST /fiscal/corrections/:id/issue': async ({ user, params }) => {
      const shift = await openShiftOf(ctx.db, user.id);
      return issueCorrection(ctx, params.id, user, shift?.id ?? null);
    },
  });
}
