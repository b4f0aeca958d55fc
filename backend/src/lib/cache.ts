/**
 * Response caches for the hot public reads (banner, new films, schedules): the presented JSON text
 * is kept in Redis and dropped when the data behind it changes.
 *
 * Each cache has a generation counter; entries live under `cache:<name>:<generation>:<variant>`.
 * Invalidating bumps the generation with one INCR, so a read that loaded old rows while a write
 * committed can only store them under the old generation, which no later read looks at; old
 * entries simply expire. Redis is an accelerator here: when it fails, reads go to the database
 * and the failure is logged.
 */
import type { AppContext } from '../context';

type CacheContext = Pick<AppContext, 'redis' | 'keys' | 'logger'>;

export interface ResponseCache {
  /** The JSON text for `variant`: from Redis, or `load()`ed, serialized and stored. */
  read(ctx: CacheContext, load: () => Promise<unknown>, variant?: string): Promise<string>;
  /** Makes every stored variant stale; never throws (a failure is logged). */
  invalidate(ctx: CacheContext): Promise<void>;
}

/** Entries outlive no write (invalidation), and no longer than this as a safety net. */
const DEFAULT_TTL_SECONDS = 600;

export function responseCache(name: string, ttlSeconds = DEFAULT_TTL_SECONDS): ResponseCache {
  const generationKey = (ctx: CacheContext) => ctx.keys.of('cache', name, 'generation');

  return {
    async read(ctx, load, variant = 'all') {
      let entryKey: string | undefined;
      try {
        const generation = (await ctx.redis.get(generationKey(ctx))) ?? '0';
        entryKey = ctx.keys.of('cache', name, generation, variant);
        const hit = await ctx.redis.get(entryKey);
        if (hit !== null) return hit;
      } catch (err) {
        ctx.logger.warn({ err, cache: name }, 'response cache unavailable, reading the database');
      }
      const text = JSON.stringify(await load());
      if (entryKey) {
        await ctx.redis
          .set(entryKey, text, 'EX', ttlSeconds)
          .catch((err: unknown) => ctx.logger.warn({ err, cache: name }, 'response cache not stored'));
      }
      return text;
    },

    async invalidate(ctx) {
      try {
        await ctx.redis.incr(generationKey(ctx));
      } catch (err) {
        ctx.logger.error({ err, cache: name }, `response cache not invalidated; stale for up to ${ttlSeconds}s`);
      }
    },
  };
}
