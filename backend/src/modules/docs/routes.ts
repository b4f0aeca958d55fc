/** GET /api/openapi.json: the document generated from the contract, built once per process. */
import fs from 'node:fs';
import path from 'node:path';
import { API } from '../../contract/api';
import type { OpenApiDocument } from '../../contract/docs';
import { handlers } from '../../lib/http/api-router';
import { openApiDocument } from '../../lib/http/openapi';

/** backend/package.json, at the same depth from src/ and dist/. */
const PACKAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'package.json');

export const docsRoutes = () => {
  let document: OpenApiDocument | undefined;
  return handlers({
    'GET /openapi.json': () => {
      document ??= openApiDocument(API, {
        title: 'Kino API',
        version: (JSON.parse(fs.readFileSync(PACKAGE, 'utf8')) as { version: string }).version,
      });
      return document;
    },
  });
};
