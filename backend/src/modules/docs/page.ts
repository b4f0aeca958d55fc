/**
 * /api/docs: Swagger UI (swagger-ui-dist from npm, served from node_modules: no CDN) over
 * GET /api/openapi.json. The page's scripts are files of this origin, so its Content-Security-Policy
 * (DOCS_CSP) allows only them, the stylesheet, and calls to this API.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { DOCS_CSP } from '../../lib/http/security-headers';

const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The files of the package the page loads, and nothing else of it. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'];

export const DOCS_PATH = '/api/docs';

const PAGE = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <title>Kino API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

/** What the inline script of Swagger UI's own page would do: a file, so the policy needs no 'unsafe-inline'. */
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function docsPage(): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    next();
  });
  router.get('/', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });
  router.get('/start.js', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('js').send(START);
  });
  for (const file of ASSETS) {
    router.get(`/${file}`, (_req, res, next) => {
      res.sendFile(path.join(SWAGGER_UI, file), { maxAge: '1d' }, (err) => err && next(err));
    });
  }
  return router;
}
