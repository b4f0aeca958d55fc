/**
 * Liveness and readiness, for the orchestrator (compose, Kubernetes, a load balancer). The request
 * log leaves them out (lib/http/middleware.ts) so that probes every few seconds do not fill it.
 */
import type { ReadinessResponse } from '../../contract/health';
import type { AppContext } from '../../context';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  // A probe that loses the race still settles later (ioredis rejects its queued PING when the client
  // closes): it is observed here so that it never becomes an unhandled rejection.
  const probing = probe();
  probing.catch(() => undefined);
  try {
    await Promise.race([probing, timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database and Redis answer, each within CHECK_TIMEOUT_MS. */
export async function checkDependencies(ctx: Pick<AppContext, 'database' | 'redis'>) {
  const [database, redis] = await Promise.all([check(() => ctx.database.ping()), check(() => ctx.redis.ping())]);
  return { database, redis };
}

export async function readiness(
  ctx: Pick<AppContext, 'database' | 'redis'>,
  draining: boolean,
): Promise<ReadinessResponse> {
  const deps = await checkDependencies(ctx);
  const up = deps.database === 'ok' && deps.redis === 'ok';
  return { status: draining ? 'draining' : up ? 'ready' : 'unavailable', ...deps };
}
