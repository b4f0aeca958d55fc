/**
 * Sending a presented answer (response-cache.ts), and the fast path that sends one straight from
 * memory before Express sees the request. The fast path answers only what the full path has
 * answered already — a cached 200 with the very headers it was sent with (security headers
 * included) — so both paths send the same bytes; everything else goes on to Express.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { splitKey } from '../../contract/endpoint';
import { CACHED_READS, cachesOf, type CachedRead, type Presented } from './response-cache';

/** Headers that belong to one response only. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
]);

type Encoding = 'br' | 'gzip' | 'identity';

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const negotiated = new Map<string, Encoding>();

/** The best encoding the client accepts (a q=0 refuses one). */
function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = negotiated.get(acceptEncoding);
  if (!encoding) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (negotiated.size < 100) negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

/**
 * Writes the answer: 304 when the client's ETag matches, else the bytes in the best encoding.
 * `headers` are set first (the fast path's remembered ones); the rest are the answer's own.
 */
export function sendPresented(
  req: IncomingMessage,
  res: ServerResponse,
  presented: Presented,
  status = 200,
  headers: OutgoingHttpHeaders = {},
): void {
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader('etag', presented.etag);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', 'no-cache');
  res.setHeader('content-type', presented.contentType);
  if (req.headers['if-none-match'] === presented.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = negotiate(req.headers['accept-encoding']);
  const body = presented[encoding];
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.statusCode = status;
  res.end(body);
}

/** What the fast path keeps of the full path's headers. */
export function rememberHeaders(presented: Presented, res: ServerResponse): void {
  if (presented.headers) return;
  presented.headers = Object.fromEntries(
    Object.entries(res.getHeaders()).filter(([name]) => !PER_RESPONSE.has(name) && name !== 'content-encoding'),
  );
}

/** The metrics' route label of a rendered page. */
export const PAGE_ROUTE = '/*';

/** Static paths first, so '/api/films/news' is not taken for a film id (as the router mounts them). */
const ROUTES = (Object.keys(CACHED_READS) as CachedRead[])
  .map((key) => {
    const [method, path] = splitKey(key);
    const pattern = path.replace(/:\w+/g, '[^/?#]+');
    return {
      key,
      method,
      /** The metrics' route label, as the router names the same endpoint. */
      label: `/api${path}`,
      params: (path.match(/:/g) ?? []).length,
      match: new RegExp(`^/api${pattern}(\\?|$)`),
    };
  })
  .sort((a, b) => a.params - b.params);

/** The fast path's whole header set per encoding, built once per answer: one writeHead per request. */
const wireHeaders = new WeakMap<Presented, Partial<Record<Encoding, OutgoingHttpHeaders>>>();

function headersFor(presented: Presented, encoding: Encoding): OutgoingHttpHeaders {
  const perEncoding = wireHeaders.get(presented) ?? {};
  let headers = perEncoding[encoding];
  if (!headers) {
    headers = {
      ...presented.headers,
      etag: presented.etag,
      vary: 'Accept-Encoding',
      'cache-control': 'no-cache',
      'content-type': presented.contentType,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': presented[encoding].length,
    };
    perEncoding[encoding] = headers;
    wireHeaders.set(presented, perEncoding);
  }
  return headers;
}

/**
 * The fast path of an API process: when it answered from memory, the route it answered (its
 * pattern, e.g. '/api/films/:id'); undefined when the request goes on to Express. Bodies of GETs
 * are ignored, as the full path ignores them.
 */
export function fastPath(ctx: object): (req: IncomingMessage, res: ServerResponse) => string | undefined {
  const caches = cachesOf(ctx);
  const find = (url: string): { presented: Presented | undefined; label: string } | undefined => {
    const route = ROUTES.find((r) => r.match.test(url));
    if (route) return { presented: caches.lookup(route.key, url), label: route.label };
    // A page of the site, as the server rendered it (backend/src/web).
    return url.startsWith('/api/') ? undefined : { presented: caches.lookupPage(url), label: PAGE_ROUTE };
  };
  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return undefined;
    const route = find(req.url);
    const presented = route?.presented;
    if (!route || !presented?.headers) return undefined;
    if (req.headers['if-none-match'] === presented.etag) {
      res.writeHead(304, {
        ...presented.headers,
        etag: presented.etag,
        vary: 'Accept-Encoding',
        'cache-control': 'no-cache',
      });
      res.end();
      return route.label;
    }
    const encoding = negotiate(req.headers['accept-encoding']);
    res.writeHead(presented.status, headersFor(presented, encoding));
    res.end(presented[encoding]);
    return route.label;
  };
}
