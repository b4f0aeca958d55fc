/** The Express application: API under /api, uploaded images under /storage, the built site elsewhere. */
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { STORAGE_IMAGES_PATH } from './contract/constants';
import type { AppContext } from './context';
import { apiNotFound, errorHandler, requestLogger } from './lib/http';
import { metricsRoute } from './lib/metrics';
import { securityHeaders, storageHeaders } from './lib/security-headers';
import { apiRoutes } from './modules';
import { DOCS_PATH, docsPage } from './modules/docs/page';

export interface AppOptions {
  /** True while the process drains before stopping: readiness answers 503. */
  isDraining?: () => boolean;
}

export function createApp(ctx: AppContext, { isDraining = () => false }: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // Client addresses (rate limits) and https (HSTS) come from X-Forwarded-* only from the proxies TRUST_PROXY names.
  app.set('trust proxy', ctx.config.trustProxy);
  app.use(securityHeaders());
  app.use(compression());

  app.use(DOCS_PATH, docsPage());
  app.use(
    '/api',
    requestLogger(ctx.logger),
    express.json({ limit: '1mb' }),
    apiRoutes(ctx, { isDraining }),
    apiNotFound,
  );
  app.get('/metrics', metricsRoute(ctx));
  app.use(
    STORAGE_IMAGES_PATH,
    storageHeaders,
    express.static(path.join(ctx.config.storageDir, 'images'), { maxAge: '7d', fallthrough: false }),
  );

  if (ctx.config.serveWeb) serveWeb(app, ctx.config.webDist, ctx.config.cinemaTimeZone);
  app.use(errorHandler(ctx.logger));
  return app;
}

/** The cinema's zone in the page (frontend/index.html): the browser's cinema clock reads it before the first render. */
const TIME_ZONE_META = /<meta name="cinema-time-zone" content="[^"]*"/;
export const withTimeZone = (html: string, zone: string) =>
  html.replace(TIME_ZONE_META, `<meta name="cinema-time-zone" content="${zone}"`);

/** The built React app: hashed assets cached for a year, every other path answered with index.html. */
function serveWeb(app: Express, dist: string, timeZone: string) {
  const index = path.join(dist, 'index.html');
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get('/{*path}', async (_req, res, next) => {
    let html: string;
    try {
      html = await fs.promises.readFile(index, 'utf8');
    } catch {
      return next();
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(withTimeZone(html, timeZone));
  });
}
