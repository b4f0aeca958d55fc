import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { loadEaisState } from '../eais/state';
import { loadDashboard, loadSales } from './service';

export const dashboardRoutes = (ctx: AppContext) =>
  handlers({
    'GET /dashboard': () => loadDashboard(ctx),
    'GET /dashboard/sales': () => loadSales(ctx, ctx.clock.now()),
    'GET /dashboard/eais': () => loadEaisState(ctx, ctx.clock.now()),
  });
