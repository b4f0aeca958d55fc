import type { AppContext } from '../../context';
import { handlers } from '../../lib/api-router';
import { loadDashboard, loadSales } from './service';

export const dashboardRoutes = (ctx: AppContext) =>
  handlers({
    'GET /dashboard': () => loadDashboard(ctx),
    'GET /dashboard/sales': () => loadSales(ctx),
  });
