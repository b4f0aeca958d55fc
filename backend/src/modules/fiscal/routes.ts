import type { AppContext } from '../../context';
import { handlers } from '../../lib/api-router';
import { issueCorrection, pendingCorrections } from './corrections';

export function fiscalRoutes(ctx: AppContext) {
  return handlers({
    'GET /fiscal/corrections': () => pendingCorrections(ctx),
    'POST /fiscal/corrections/:id/issue': ({ user, params }) => issueCorrection(ctx, params.id, user),
  });
}
