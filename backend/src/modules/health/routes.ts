import type { HealthResponse } from '../../contract/health';
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { checkDependencies, readiness } from './probes';

/** The probes alone: a workers-only process answers them on its port too (server.ts). */
export const probeRoutes = (ctx: AppContext, isDraining: () => boolean) =>
  handlers({
    'GET /health/live': () => ({ status: 'live' as const }),
    'GET /health/ready': async ({ res }) => {
      const body = await readiness(ctx, isDraining());
      res.status(body.status === 'ready' ? 200 : 503).json(body);
    },
  });

export const healthRoutes = (ctx: AppContext, isDraining: () => boolean) =>
  handlers({
    ...probeRoutes(ctx, isDraining),
    /** 200 when the database and Redis answer, 503 when either does not. */
    'GET /health': async ({ res }) => {
      const { database, redis } = await checkDependencies(ctx);
      const body: HealthResponse = {
        status: database === 'ok' && redis === 'ok' ? 'ok' : 'unavailable',
        database,
        redis,
      };
      res.status(body.status === 'ok' ? 200 : 503).json(body);
    },
  });
