/**
 * The site's pages rendered on the server: the front end's server bundle (frontend/dist-ssr, built
 * by `npm run build`) renders an address into the built index.html with its data, head and query
 * cache. The HTML is kept per address and day like the hot API reads (lib/http/response-cache.ts:
 * compressed once, ETag, dropped by the effects table when what it shows changes) and sent by the
 * fast path from then on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request, RequestHandler, Response } from 'express';
import { API } from '../contract/api';
import type { AppContext } from '../context';
import { rememberHeaders, sendPresented } from '../lib/http/hot-reads';
import { errorFields } from '../lib/infra/operator-messages';
import { cachesOf, HTML_TYPE, Presented } from '../lib/http/response-cache';

/** The server bundle's entry (frontend/src/entry-server.tsx). */
interface ServerBundle {
  renderPage(request: {
    url: string;
    template: string;
    apiOrigin: string;
    siteUrl: string;
    timeZone: string;
    publicReads: ReadonlySet<string>;
    manifest?: Record<string, unknown>;
  }): Promise<{ status: number; html: string }>;
}

/** The reads a guest may make: what a server render loads. */
const PUBLIC_READS: ReadonlySet<string> = new Set(
  Object.entries(API)
    .filter(([key, endpoint]) => key.startsWith('GET ') && endpoint.access.kind === 'public')
    .map(([key]) => key),
);

/** The cinema's zone in the page (frontend/index.html): the browser's cinema clock reads it before the first render. */
const TIME_ZONE_META = /<meta name="cinema-time-zone" content="[^"]*"/;
const withTimeZone = (html: string, zone: string) =>
  html.replace(TIME_ZONE_META, `<meta name="cinema-time-zone" content="${zone}"`);

/** This process's own address as the request reached it: the server render calls the API there. */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/**
 * Every address not answered before it: the page rendered on the server, or — without a server
 * bundle (a site built without it) or when a render fails — the page shell the browser renders.
 */
export function pages(ctx: AppContext, dist: string): RequestHandler {
  const { logger, config } = ctx;
  const bundlePath = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  let template: Promise<string> | undefined;
  let bundle: Promise<ServerBundle | null> | undefined;
  const loadTemplate = () =>
    (template ??= fs.promises
      .readFile(path.join(dist, 'index.html'), 'utf8')
      .then((html) => withTimeZone(html, config.cinemaTimeZone)));
  // Vite's manifest: the files of each lazy page, linked in its rendered head (none when it is missing).
  let manifest: Promise<Record<string, unknown> | undefined> | undefined;
  const loadManifest = () =>
    (manifest ??= fs.promises
      .readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as Record<string, unknown>)
      .catch(() => undefined));
  const loadBundle = () =>
    (bundle ??= fs.existsSync(bundlePath)
      ? (import(pathToFileURL(bundlePath).href) as Promise<ServerBundle>)
      : (logger.warn({ bundlePath }, 'no server render bundle; pages are rendered in the browser only'),
        Promise.resolve(null)));

  const sendShell = (res: Response, html: string) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };

  return async (req, res, next) => {
    let html: string;
    try {
      html = await loadTemplate();
    } catch {
      template = undefined;
      return next();
    }
    const server = await loadBundle();
    if (!server) return sendShell(res, html);
    let presented: Presented;
    try {
      presented = await cachesOf(ctx).readPage(req.originalUrl, async () => {
        const page = await server.renderPage({
          url: req.originalUrl,
          template: html,
          apiOrigin: ownOrigin(req),
          siteUrl: config.publicUrl,
          timeZone: config.cinemaTimeZone,
          publicReads: PUBLIC_READS,
          manifest: await loadManifest(),
        });
        return new Presented(Buffer.from(page.html), HTML_TYPE, page.status);
      });
    } catch (err) {
      logger.error({ ...errorFields(err), url: req.originalUrl }, 'server render failed; the browser renders the page');
      return sendShell(res, html);
    }
    rememberHeaders(presented, res);
    sendPresented(req, res, presented, presented.status);
  };
}
