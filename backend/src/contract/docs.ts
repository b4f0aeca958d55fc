/** The API's own description: the OpenAPI document generated from these declarations (the page /api/docs shows it). */
import { PUBLIC, type EndpointMap } from './endpoint';
import { z } from './zod';

/** GET /api/openapi.json: OpenAPI 3.1, every endpoint of the contract. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;

export const docsEndpoints = {
  'GET /openapi.json': {
    summary: 'Описание API в формате OpenAPI 3.1 (страница /api/docs)',
    access: PUBLIC,
    response: OpenApiDocumentSchema,
  },
} as const satisfies EndpointMap;
