/**
 * /sitemap.xml — every public page: the lists, and each film, person, news article and promotion
 * with its lastmod — and /robots.txt, which names it. Addresses are PUBLIC_URL's, never the Host's.
 */
import type { RequestHandler } from 'express';
import type { AppContext } from '../context';
import { schema } from '../db';

/** The public lists, always there. */
const LISTS = ['/', '/films', '/films/new', '/news', '/stocks', '/accessibility'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemap(ctx: AppContext): RequestHandler {
  return async (_req, res) => {
    const { db } = ctx;
    // Each page's lastmod: when its row was last edited (updated_at, set by every update).
    const [films, persons, news, promotions] = await Promise.all([
      db.select({ id: schema.films.id, lastmod: schema.films.updatedAt }).from(schema.films),
      db.select({ id: schema.persons.id, lastmod: schema.persons.updatedAt }).from(schema.persons),
      db.select({ id: schema.news.id, lastmod: schema.news.updatedAt }).from(schema.news),
      db.select({ id: schema.promotions.id, lastmod: schema.promotions.updatedAt }).from(schema.promotions),
    ]);
    const entries = [
      ...LISTS.map((path) => ({ path, lastmod: undefined as Date | undefined })),
      ...films.map((row) => ({ path: `/films/${row.id}`, lastmod: row.lastmod })),
      ...news.map((row) => ({ path: `/news/${row.id}`, lastmod: row.lastmod })),
      ...promotions.map((row) => ({ path: `/stocks/${row.id}`, lastmod: row.lastmod })),
      ...persons.map((row) => ({ path: `/persons/${row.id}`, lastmod: row.lastmod })),
    ];
    const urls = entries.map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(ctx.config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    );
    res.setHeader('Cache-Control', 'no-cache');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  };
}

/** Crawlers keep out of a person's own pages, the back office and the API; the sitemap is named. */
export function robots(ctx: AppContext): RequestHandler {
  const text = () =>
    [
      'User-agent: *',
      'Disallow: /admin/',
      'Disallow: /profile',
      'Disallow: /checkout/',
      'Disallow: /orders/',
      'Disallow: /api/',
      '',
      `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/plain').send(text());
  };
}
