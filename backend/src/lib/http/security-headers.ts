/**
 * The security headers of every answer (helmet), and the stricter ones of uploaded files. The web
 * service's nginx sends the same site headers for the files it serves itself (docker/nginx.conf;
 * a test compares the two).
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { MAP_FRAME_ORIGIN } from '../../contract/cinema';
import { TRAILER_EMBED_ORIGINS } from '../../contract/constants';

/**
 * The site's Content-Security-Policy: its own scripts, styles, fonts and API (the WebSocket too),
 * images from anywhere over https (posters and avatars may be links), and frames only from the
 * trailer players and the map. Nothing may frame the site. Style attributes are allowed (never
 * <style> elements): pages rendered on the server carry the ones React sets (a slider's custom
 * properties, an image's aspect ratio), which the browser would otherwise refuse before hydration.
 */
export const SITE_CSP: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': [...Object.values(TRAILER_EMBED_ORIGINS), MAP_FRAME_ORIGIN],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Uploaded files are data, never a page: an SVG opened directly runs no script and loads nothing
 * (sandbox), and the browser must not guess another type (nosniff, set by helmet).
 */
export const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** HSTS only on answers that travelled over TLS (directly, or per a trusted proxy's X-Forwarded-Proto). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const cspHeader = (directives: Readonly<Record<string, readonly string[]>>): string =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

export const SITE_CSP_HEADER = cspHeader(SITE_CSP);

/**
 * The API documentation page (/api/docs, Swagger UI): its own scripts and stylesheet (it sets
 * styles through the DOM, which needs no 'unsafe-inline'), its icons as data: URIs, calls to this
 * origin (the document, and "Try it out"). Nothing else, and nothing may frame it.
 */
export const DOCS_CSP = cspHeader({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** helmet with the site's policy; YouTube's player needs the site's origin as referrer. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      // Set below as one exact string, the one nginx sends too.
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      strictTransportSecurity: false,
    }),
    (req, res, next) => {
      res.setHeader('Content-Security-Policy', SITE_CSP_HEADER);
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}

/** On /storage: replaces the site's policy with the uploads' one. */
export const storageHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', STORAGE_CSP);
  next();
};
