import { describe, expect, it } from 'vitest';
import { API, type ApiKey } from '../../contract/api';
import { splitKey, type Endpoint } from '../../contract/endpoint';
import { DOCS_CSP } from '../../lib/http/security-headers';
import { openApiPath, operationId } from '../../lib/http/openapi';
import { useTestApi } from '../../testing/api';
import { z } from '../../contract/zod';

const api = useTestApi();

interface Operation {
  operationId: string;
  summary: string;
  parameters?: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, object>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  security: object[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

const ENDPOINTS = Object.entries(API) as [ApiKey, Endpoint][];
const pathParams = (key: string) => [...key.matchAll(/:(\w+)/g)].map(([, name]) => name!);

describe('GET /api/openapi.json', () => {
  it('returns 200 with an OpenAPI 3.1 document that describes every declared endpoint as declared', async () => {
    const { status, body } = await api.getJson('/api/openapi.json');
    expect(status).toBe(200);
    const doc = body as Document;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const described = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(described).toBe(ENDPOINTS.length);

    for (const [key, endpoint] of ENDPOINTS) {
      const [method, path] = splitKey(key);
      const op = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(op!.operationId).toBe(operationId(key));
      expect(op!.summary).toBe(endpoint.summary);

      const inPath = (op!.parameters ?? []).filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name).sort(), key).toEqual(pathParams(key).sort());
      expect(inPath.every((p) => p.required)).toBe(true);
      const inQuery = (op!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const declared = endpoint.query instanceof z.ZodObject ? Object.keys(endpoint.query.shape) : [];
      expect(inQuery.sort(), key).toEqual(declared.sort());

      if (endpoint.upload) {
        const form = op!.requestBody?.content['multipart/form-data']?.schema;
        expect(form, key).toBeDefined();
        for (const [field, file] of Object.entries(endpoint.upload.files ?? {})) {
          expect(form!.properties?.[field], `${key} ${field}`).toBeDefined();
          if (file.required) expect(form!.required).toContain(field);
        }
      } else if (endpoint.body) {
        expect(op!.requestBody?.content['application/json']?.schema, key).toBeDefined();
      } else {
        expect(op!.requestBody, key).toBeUndefined();
      }

      const success = String(endpoint.status ?? (endpoint.produces === 'redirect' ? 302 : 200));
      expect(op!.responses[success], `${key} ${success}`).toBeDefined();
      if (!endpoint.produces) expect(op!.responses[success]!.content?.['application/json']).toBeDefined();
      if (endpoint.produces === 'application/pdf')
        expect(op!.responses[success]!.content?.['application/pdf']).toBeDefined();
      expect(op!.responses.default).toBeDefined();

      if (endpoint.access.kind === 'public') {
        expect(op!.security, key).toEqual([]);
      } else {
        expect(op!.security, key).toEqual([{ bearer: [] }]);
        expect(op!.responses['401'], key).toBeDefined();
      }
      if (endpoint.access.kind === 'staff') expect(op!.responses['403'], key).toBeDefined();
    }
  });

  it('describes a request body as sent: a multipart form with its files, a JSON body refusing unknown fields', async () => {
    const doc = (await api.getJson('/api/openapi.json')).body as Document;
    const avatar = doc.paths['/upload-avatar']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(avatar.properties?.image).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
    expect(avatar.required).toEqual(['image']);
    const review = doc.paths['/reviews/{id}/store']!.post!;
    expect(review.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['title', 'comment', 'type_rating'],
      additionalProperties: false,
    });
    expect(review.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9]\\d{0,9}$' } },
    ]);
  });
});

describe('GET /api/docs', () => {
  it('returns 200 with a page whose scripts and stylesheet load from this origin with 200', async () => {
    const res = await api.t.fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map(([, url]) => url!)
      .filter((u) => u.startsWith('/'));
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      const answer = await api.t.fetch(asset);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('content-type'), asset).toMatch(asset.endsWith('.css') ? /text\/css/ : /javascript/);
      const text = await answer.text();
      if (asset.endsWith('start.js')) expect(text).toContain("url: '/api/openapi.json'");
    }
  });

  it('allows the page only its own scripts, styles and calls: no inline script, no other host, no framing', () => {
    expect(DOCS_CSP).toContain("default-src 'none'");
    expect(DOCS_CSP).toContain("script-src 'self';");
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
    expect(DOCS_CSP).not.toMatch(/unsafe-(inline|eval)|https?:|\*/);
  });

  it('returns 404 for the other files of the Swagger UI package', async () => {
    expect((await api.t.fetch('/api/docs/index.html')).status).toBe(404);
    expect((await api.t.fetch('/api/docs/swagger-ui-bundle.js.map')).status).toBe(404);
  });
});
