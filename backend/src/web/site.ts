/**
 * The site served by the API process (SERVE_WEB): the built assets, /sitemap.xml and /robots.txt,
 * and every other address as a page rendered on the server (pages.ts).
 */
import express, { type Express } from 'express';
import type { AppContext } from '../context';
import { pages } from './pages';
import { robots, sitemap } from './sitemap';

export function serveWeb(app: Express, ctx: AppContext): void {
  const dist = ctx.config.webDist;
  // Hashed assets cached for a year; a missing one is a 404, not a page.
  app.use('/assets', express.static(`${dist}/assets`, { immutable: true, maxAge: '1y', fallthrough: false }));
  app.get('/sitemap.xml', sitemap(ctx));
  app.get('/robots.txt', robots(ctx));
  // The page template is never a page of its own.
  app.get('/index.html', (_req, res) => res.redirect(301, '/'));
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get('/{*path}', pages(ctx, dist));
}
