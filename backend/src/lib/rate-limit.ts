/**
 * Redis-backed rate limits: a fixed window per key, shared by every API process. Over the limit
 * the request gets 429 rate_limited with a Russian message and Retry-After in seconds.
 */
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context';
import { rateLimited } from './errors';

export interface RateLimitRule {
  /** Names the counter, e.g. 'sign-in'. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** What is counted: the client address by default; add e.g. the e-mail to count per account. */
  key?: (req: Request) => string;
}

/** The e-mail of a JSON body, normalised, for per-account counters (empty when absent). */
export const bodyEmail = (req: Request): string => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 255) : '';
};

export function rateLimit(ctx: Pick<AppContext, 'redis' | 'keys'>, rule: RateLimitRule): RequestHandler {
  return async (req, _res, next) => {
    const key = ctx.keys.of('rate', rule.name, req.ip ?? 'unknown', rule.key?.(req) ?? '');
    const results = await ctx.redis.multi().incr(key).expire(key, rule.windowSeconds, 'NX').ttl(key).exec();
    const count = Number(results?.[0]?.[1]);
    const ttl = Number(results?.[2]?.[1]);
    if (count > rule.limit) throw rateLimited(ttl > 0 ? ttl : rule.windowSeconds);
    next();
  };
}
