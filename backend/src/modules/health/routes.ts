import { Router } from 'express';
import type { HealthResponse } from '../../contract/health';
import type { AppContext } from '../../context';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: 200 when the database and Redis answer, 503 when either does not. */
export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [database, redis] = await Promise.all([check(() => ctx.database.ping()), check(() => ctx.redis.ping())]);
    const body: HealthResponse = {
      status: database === 'ok' && redis === 'ok' ? 'ok' : 'unavailable',
      database,
      redis,
    };
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });
  return router;
}
