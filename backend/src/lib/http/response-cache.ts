/**
 * The hot public reads (the home page's banner, new films and bill, the catalogue, a film page)
 * and the server-rendered pages (backend/src/web) answered from this process's memory: the presented
 * JSON or HTML, gzip- and brotli-compressed once, with
 * its ETag, per cache generation. A committed write invalidates a cache through the effects table,
 * which publishes its name on a Redis channel; every API process drops its copies on hearing it
 * (within milliseconds; a reconnected subscriber drops everything, and entries also age out as a
 * safety net). A read that loaded rows while an invalidation was heard is answered but not kept.
 * The caches together hold at most a budget of bytes (their three encodings counted): past it, the
 * entries stored longest ago go first, so a crawler walking every address cannot grow the process.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ApiKey } from '../../contract/api';
import { toCinemaDate } from '../../contract/time';
import { systemClock, type Clock } from '../infra/clock';
import type { Logger } from '../infra/logger';
import { connectRedis, closeRedis, type Redis, type RedisKeys } from '../infra/redis';
import { errorFields } from '../infra/operator-messages';

/** Which reads are cached, under which cache; `perDay` ones also vary with the cinema's date. */
export const CACHED_READS = {
  'GET /banner': { cache: 'banner' },
  'GET /films/news': { cache: 'new-films' },
  'GET /schedules': { cache: 'schedules', perDay: true },
  // Which films are on the bill depends on the day's sessions.
  'GET /films': { cache: 'films', perDay: true },
  // A film page lists its sessions from today on.
  'GET /films/:id': { cache: 'film', perDay: true },
  // The cinema's details: every page's header and footer (the server's own readers: modules/settings).
  'GET /settings/cinema': { cache: 'cinema' },
} as const satisfies Partial<Record<ApiKey, { cache: string; perDay?: boolean }>>;

export type CachedRead = keyof typeof CACHED_READS;
/** The reads' caches, and 'pages': the rendered HTML of the site's pages, per address and day. */
export type CacheName = (typeof CACHED_READS)[CachedRead]['cache'] | 'pages';
const CACHE_NAMES: CacheName[] = [...new Set(Object.values(CACHED_READS).map((read) => read.cache)), 'pages'];

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** A safety net only: invalidation is what keeps entries true. */
const MAX_AGE_MS = 60_000;
/** Variants kept per cache (film pages, catalogue filters): the oldest go first. */
const MAX_VARIANTS = 500;
/** Bytes all caches of a process keep together (identity, gzip and brotli of every entry). */
export const DEFAULT_CACHE_BUDGET_BYTES = 16 * 1024 * 1024;

/** An answer ready to send: its bytes in each encoding, its ETag, and the headers the full path sent. */
export class Presented {
  readonly etag: string;
  readonly gzip: Buffer;
  readonly br: Buffer;
  readonly storedAt = Date.now();
  /** What keeping it costs: its bytes in the three encodings. */
  readonly size: number;
  /** The response headers of the first full answer, reused by the fast path (hot-reads.ts). */
  headers: OutgoingHttpHeaders | undefined;

  constructor(
    readonly identity: Buffer,
    readonly contentType = JSON_TYPE,
    /** A page can be a cached 404 (the site's not-found page). */
    readonly status = 200,
  ) {
    this.etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 27)}"`;
    this.gzip = gzipSync(identity, { level: 9 });
    this.br = brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    });
    this.size = identity.length + this.gzip.length + this.br.length;
  }
}

/** What the caches need of a process: its Redis (to publish and hear invalidations) and its logger. */
interface CacheContext {
  redis: Redis;
  redisUrl: string;
  keys: RedisKeys;
  logger: Logger;
}

const channelOf = (ctx: Pick<CacheContext, 'keys'>) => ctx.keys.of('cache', 'invalidate');

/**
 * A cached read in a handler: `'GET /banner': ({ req }) => cachedRead(ctx, 'GET /banner', req, load)`.
 * The variant is the address as requested, so the fast path finds it by the raw URL alike.
 */
export const cachedRead = (
  ctx: object,
  key: CachedRead,
  req: { originalUrl: string },
  load: () => Promise<unknown>,
): Promise<Presented> => cachesOf(ctx).read(key, req.originalUrl, load);

/** One process's cached reads. */
export class ResponseCaches {
  private readonly entries = new Map<CacheName, Map<string, Presented>>();
  /** Loads under way, by cache, generation and variant. */
  private readonly loading = new Map<string, Promise<Presented>>();
  /** Bumped by every invalidation heard: a load begun before one is not kept. */
  private readonly generations = new Map<CacheName, number>();
  /** Every kept entry, oldest stored first, as cache and variant. */
  private readonly stored = new Map<string, { name: CacheName; variant: string; size: number }>();
  private bytes = 0;

  constructor(
    readonly budgetBytes = DEFAULT_CACHE_BUDGET_BYTES,
    /** Whose day a `perDay` read is kept for: the context's clock (docs/architecture.md, "The clock"). */
    private readonly clock: Clock = systemClock,
  ) {}

  /** Bytes kept now, across all caches. */
  get keptBytes(): number {
    return this.bytes;
  }

  /** The variant of a read: its address as requested (path and query), and the day when it depends on it. */
  variant(key: CachedRead, url: string): string {
    return 'perDay' in CACHED_READS[key] ? perDay(url, this.clock.now()) : url;
  }

  lookup(key: CachedRead, url: string): Presented | undefined {
    return this.find(CACHED_READS[key].cache, this.variant(key, url));
  }

  /** From memory, or loaded, serialised and compressed once. */
  read(key: CachedRead, url: string, load: () => Promise<unknown>): Promise<Presented> {
    return this.keep(CACHED_READS[key].cache, this.variant(key, url), async () => {
      return new Presented(Buffer.from(JSON.stringify(await load())));
    });
  }

  /** A rendered page (it shows today's sessions: one variant per address and day). */
  lookupPage(url: string): Presented | undefined {
    return this.find('pages', perDay(url, this.clock.now()));
  }

  readPage(url: string, render: () => Promise<Presented>): Promise<Presented> {
    return this.keep('pages', perDay(url, this.clock.now()), render);
  }

  private find(name: CacheName, variant: string): Presented | undefined {
    const entry = this.entries.get(name)?.get(variant);
    return entry && Date.now() - entry.storedAt < MAX_AGE_MS ? entry : undefined;
  }

  /** Requests that miss the same variant at once share one load (a page render is costly under load). */
  private keep(name: CacheName, variant: string, load: () => Promise<Presented>): Promise<Presented> {
    const hit = this.find(name, variant);
    if (hit) return Promise.resolve(hit);
    const generation = this.generations.get(name) ?? 0;
    const key = `${name}\u0000${generation}\u0000${variant}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = load()
        .then((presented) => {
          if ((this.generations.get(name) ?? 0) === generation) this.store(name, variant, presented);
          return presented;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private store(name: CacheName, variant: string, presented: Presented): void {
    if (presented.size > this.budgetBytes) return;
    const variants = this.entries.get(name) ?? new Map<string, Presented>();
    this.entries.set(name, variants);
    this.forget(name, variant);
    variants.set(variant, presented);
    this.stored.set(storedKey(name, variant), { name, variant, size: presented.size });
    this.bytes += presented.size;
    if (variants.size > MAX_VARIANTS) this.forget(name, variants.keys().next().value!);
    for (const oldest of this.stored.values()) {
      if (this.bytes <= this.budgetBytes) break;
      this.forget(oldest.name, oldest.variant);
    }
  }

  private forget(name: CacheName, variant: string): void {
    const key = storedKey(name, variant);
    const kept = this.stored.get(key);
    if (!kept) return;
    this.stored.delete(key);
    this.entries.get(name)?.delete(variant);
    this.bytes -= kept.size;
  }

  /** Bumped by every invalidation of the cache: what a process keeps beside it (modules/settings) checks it. */
  generationOf(name: CacheName): number {
    return this.generations.get(name) ?? 0;
  }

  drop(name: CacheName): void {
    this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
    for (const variant of [...(this.entries.get(name)?.keys() ?? [])]) this.forget(name, variant);
    this.entries.delete(name);
  }

  dropAll(): void {
    for (const name of CACHE_NAMES) this.drop(name);
  }
}

const perDay = (url: string, now: Date) => `${url}|${toCinemaDate(now)}`;
const storedKey = (name: CacheName, variant: string) => `${name}\u0000${variant}`;

const perContext = new WeakMap<object, ResponseCaches>();

/** The context's caches (one per process in production; tests give each API context its own). */
export function cachesOf(ctx: object & { clock?: Clock }): ResponseCaches {
  let caches = perContext.get(ctx);
  if (!caches) perContext.set(ctx, (caches = new ResponseCaches(DEFAULT_CACHE_BUDGET_BYTES, ctx.clock)));
  return caches;
}

/** After a commit: every API process drops the cache. Never throws (a failure is logged; entries age out). */
export async function invalidateCache(ctx: Pick<CacheContext, 'redis' | 'keys' | 'logger'>, name: CacheName) {
  cachesOf(ctx).drop(name);
  try {
    await ctx.redis.publish(channelOf(ctx), name);
  } catch (err) {
    ctx.logger.error(
      { ...errorFields(err), cache: name },
      `cache invalidation not published; other processes keep "${name}" ≤ 60 s`,
    );
  }
}

/**
 * An API process listens for invalidations. Resolves once subscribed; whenever the subscription is
 * (re)established, everything is dropped, since invalidations may have been missed meanwhile.
 */
export async function listenForInvalidations(
  ctx: Pick<CacheContext, 'redisUrl' | 'keys'>,
): Promise<{ close(): Promise<void> }> {
  const caches = cachesOf(ctx);
  const channel = channelOf(ctx);
  const sub: Redis = connectRedis(ctx.redisUrl, { forWorkers: true });
  sub.on('message', (from: string, name: string) => {
    if (from === channel) caches.drop(name as CacheName);
  });
  sub.on('ready', () => caches.dropAll());
  await sub.subscribe(channel);
  return { close: () => closeRedis(sub) };
}
