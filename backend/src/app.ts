/** The Express application: API under /api, uploaded images under /storage, the built site elsewhere. */
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { STORAGE_IMAGES_PATH } from './contract/constants';
import type { AppContext } from './context';
import { apiNotFound, errorHandler, requestLogger } from './lib/http';
import { apiRoutes } from './modules';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  // Behind the compose web proxy the client address comes from X-Forwarded-For (rate limits need it).
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(compression());

  app.use('/api', requestLogger(ctx.logger), express.json({ limit: '1mb' }), apiRoutes(ctx), apiNotFound);
  app.use(
    STORAGE_IMAGES_PATH,
    express.static(path.join(ctx.config.storageDir, 'images'), { maxAge: '7d', fallthrough: false }),
  );

  if (ctx.config.serveWeb) serveWeb(app, ctx.config.webDist);
  app.use(errorHandler(ctx.logger));
  return app;
}

/** The built React app: hashed assets cached for a year, every other path answered with index.html. */
function serveWeb(app: Express, dist: string) {
  const index = path.join(dist, 'index.html');
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get('/{*path}', (_req, res, next) => {
    if (!fs.existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
