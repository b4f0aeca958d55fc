/**
 * Rate limits shared by every API process (rate-limiter-flexible over Redis, a fixed window per
 * key). Each rule counts one thing — the client address by default, or e.g. the account's e-mail
 * whatever address it comes from. Over the limit the request gets 429 rate_limited with a Russian
 * message and Retry-After in seconds. While Redis is down each process counts in memory instead
 * (an insurance limiter): limits loosen to per process, requests are never refused for it.
 */
import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis, RedisKeys } from '../infra/redis';
import { rateLimited } from './errors';

export interface RateLimitRule {
  /** Names the counter, e.g. 'sign-in'. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /**
   * What is counted: the client address (`req.ip`, per TRUST_PROXY) by default. A rule keyed by
   * something else does not include the address, so attempts spread over addresses add up. An empty
   * key is not counted (the address rule of the same route still is).
   */
  key?: (req: Request) => string;
}

/** The e-mail of a JSON body, normalised, for per-account counters (empty when absent). */
export const bodyEmail = (req: Request): string => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 255) : '';
};

const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export function rateLimit(ctx: { redis: Redis; keys: RedisKeys }, rule: RateLimitRule): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: ctx.redis,
    keyPrefix: ctx.keys.of('rate', rule.name),
    points: rule.limit,
    duration: rule.windowSeconds,
    // A Redis that is not connected answers nothing: go to the insurance at once instead of queueing.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: rule.limit, duration: rule.windowSeconds }),
  });
  const keyOf = rule.key ?? clientAddress;
  return async (req, _res, next) => {
    const key = keyOf(req);
    if (!key) return next();
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw err;
    }
    next();
  };
}
