/** The Express application: API under /api, uploaded images under /storage, the site's pages elsewhere. */
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { STORAGE_IMAGES_PATH } from './contract/constants';
import type { AppContext } from './context';
import { apiNotFound, errorHandler, requestLogger } from './lib/http/middleware';
import { metricsRoute } from './metrics';
import { securityHeaders, storageHeaders } from './lib/http/security-headers';
import { apiRoutes } from './modules';
import { DOCS_PATH, docsPage } from './modules/docs/page';
import { serveWeb } from './web/site';

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
  // Nothing else is stored for the public: a missing file is a 404, never a page.
  app.use('/storage', storageHeaders, (_req, res) => void res.status(404).type('text/plain').send('Not found'));

  if (ctx.config.serveWeb) serveWeb(app, ctx);
  app.use(errorHandler(ctx.logger));
  return app;
}
