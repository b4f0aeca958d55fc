import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { listEaisDeliveries } from './deliveries';

export const eaisRoutes = (ctx: AppContext) =>
  handlers({
    'GET /eais/deliveries': ({ query }) => listEaisDeliveries(ctx, query),
  });
