/**
 * A lock in Redis for work that must never run twice at once, whichever process starts it (two worker
 * containers, a retry while a slow run is still going): SET NX with an expiry, so a holder that dies
 * frees it by itself; a random token per holder, so only the holder renews or releases it (a script
 * compares and acts in one step); renewed while the work runs, and `held()` renews it on demand and
 * says whether it is still this holder's — work with an outside effect asks before each one, and stops
 * if the lock was lost (a pause longer than the expiry), rather than racing the next holder.
 */
import { randomUUID } from 'node:crypto';
import type { Redis, RedisKeys } from './redis';

type LockContext = { redis: Redis; keys: RedisKeys };

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface HeldLock {
  /** Renews the lock; false once it is no longer this holder's (expired and perhaps taken by another). */
  held(): Promise<boolean>;
}

/**
 * Runs `work` holding the lock `name` (under the deployment's prefix); `{ ran: false }` at once when
 * another holder has it. The lock lives `ttlMs` past its last renewal (renewed every third of it).
 */
export async function withRedisLock<T>(
  ctx: LockContext,
  name: string,
  ttlMs: number,
  work: (lock: HeldLock) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const key = ctx.keys.of('lock', name);
  const token = randomUUID();
  const taken = await ctx.redis.set(key, token, 'PX', ttlMs, 'NX');
  if (taken !== 'OK') return { ran: false };
  const lock: HeldLock = {
    held: async () => (await ctx.redis.eval(RENEW, 1, key, token, ttlMs)) === 1,
  };
  const renewal = setInterval(() => void lock.held().catch(() => undefined), Math.max(1, Math.floor(ttlMs / 3)));
  try {
    return { ran: true, value: await work(lock) };
  } finally {
    clearInterval(renewal);
    await ctx.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
