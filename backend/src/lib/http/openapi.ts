/**
 * The OpenAPI 3.1 document of the API, generated from the contract's declarations (contract/api.ts):
 * each endpoint's path and query parameters, JSON or multipart body, answer and error answers, and
 * its access as security (a bearer token; for staff calls, the roles the access table allows).
 * Schemas are JSON Schema 2020-12 as zod writes them: requests as they are sent (before zod's
 * transforms and defaults), answers as they are received. Served at GET /api/openapi.json.
 */
import { ACCESS, can, RESOURCES, type StaffRole } from '../../contract/access';
import type { OpenApiDocument } from '../../contract/docs';
import type { EndpointKey, EndpointMap, Endpoint } from '../../contract/endpoint';
import { splitKey } from '../../contract/endpoint';
import { ERROR_CODES, ErrorBodySchema } from '../../contract/errors';
import { z } from '../../contract/zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export interface OpenApiOptions {
  title: string;
  version: string;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' } as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** '/films/:id' → '/films/{id}'. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's name for SDK generators, in camelCase from its method and path:
 * 'GET /films/:id/reviews' → 'getFilmsByIdReviews', 'POST /forgot-password' → 'postForgotPassword'.
 */
export function operationId(key: EndpointKey): string {
  const [method, path] = splitKey(key);
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean),
    );
  return method.toLowerCase() + words.map(capitalised).join('');
}

function parameters(endpoint: Endpoint): object[] {
  const list: object[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input');
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function requestBody(endpoint: Endpoint): object | undefined {
  if (endpoint.upload) {
    const fields = endpoint.body ? jsonSchema(endpoint.body, 'input') : { type: 'object', properties: {} };
    const files = Object.entries(endpoint.upload.files ?? {});
    const binary = (maxBytes: number) => ({
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: `Файл до ${Math.round(maxBytes / 1024 / 1024)} МБ`,
    });
    const pattern = endpoint.upload.pattern;
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: {
              ...fields.properties,
              ...Object.fromEntries(files.map(([name, file]) => [name, binary(file.maxBytes)])),
            },
            required: [...(fields.required ?? []), ...files.filter(([, f]) => f.required).map(([name]) => name)],
            ...(pattern
              ? {
                  patternProperties: { [pattern.match.source]: binary(pattern.maxBytes) },
                  description: `До ${pattern.maxFiles} файлов в полях вида ${pattern.match.source}`,
                }
              : {}),
          },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } };
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

function responses(endpoint: Endpoint): Record<string, object> {
  const status = String(endpoint.status ?? 200);
  const success =
    endpoint.produces === 'redirect'
      ? { [status === '200' ? '302' : status]: { description: 'Переход в браузере (Location)' } }
      : endpoint.produces
        ? {
            [status]: {
              description: 'Файл',
              content: { [endpoint.produces]: { schema: { type: 'string', contentMediaType: endpoint.produces } } },
            },
          }
        : {
            [status]: {
              description: 'Успех',
              content: {
                'application/json': { schema: jsonSchema(endpoint.response, 'output') },
                ...Object.fromEntries(
                  (endpoint.alsoProduces ?? []).map((type) => [
                    type,
                    { schema: { type: 'string', contentMediaType: type } },
                  ]),
                ),
              },
            },
          };
  const hasInput = endpoint.params || endpoint.query || endpoint.body || endpoint.upload;
  return {
    ...success,
    // Every API request passes the JSON body parser, so even a call without input answers 400 to a broken body.
    '400': errorAnswer(
      hasInput ? 'Некорректный запрос: details.fields называет каждое поле' : 'Тело запроса — некорректный JSON',
    ),
    ...(endpoint.access.kind !== 'public' ? { '401': errorAnswer('Нет действительного токена') } : {}),
    ...(endpoint.access.kind === 'staff' ? { '403': errorAnswer('Роли не разрешено это действие') } : {}),
    default: errorAnswer('Ошибка в общем виде {"error": {code, message, details?}}'),
  };
}

/** Who may call, in words, and which roles for a staff call. */
function accessText(endpoint: Endpoint): string {
  const { access } = endpoint;
  if (access.kind === 'public') return 'Доступ: все.';
  if (access.kind === 'signed-in') return 'Доступ: вошедший пользователь.';
  const roles = (Object.keys(ACCESS) as StaffRole[]).filter((role) => can(role, access.resource, access.action));
  return `Доступ: ${roles.join(', ')} (${RESOURCES[access.resource].label}: ${access.action}).`;
}

type Operation = OpenApiDocument['paths'][string][string];

function operation(key: EndpointKey, endpoint: Endpoint): Operation {
  const [, path] = splitKey(key);
  const params = parameters(endpoint);
  const body = requestBody(endpoint);
  return {
    operationId: operationId(key),
    summary: endpoint.summary,
    description: accessText(endpoint),
    tags: [path.split('/')[1] ?? ''],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(endpoint),
    security: endpoint.access.kind === 'public' ? [] : [{ bearer: [] }],
    ...(endpoint.access.kind === 'staff'
      ? { 'x-access': { resource: endpoint.access.resource, action: endpoint.access.action } }
      : {}),
  };
}

export function openApiDocument(api: EndpointMap, { title, version }: OpenApiOptions): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  const named = new Map<string, EndpointKey>();
  for (const [key, endpoint] of Object.entries(api) as [EndpointKey, Endpoint][]) {
    const [method, path] = splitKey(key);
    const id = operationId(key);
    if (named.has(id)) throw new Error(`${key} and ${named.get(id)} would share the operation id ${id}`);
    named.set(id, key);
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation(key, endpoint);
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title,
      version,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description: `Ошибки: ${Object.keys(ERROR_CODES).join(', ')}. Время сеансов — 'YYYY-MM-DD HH:mm:ss' в поясе кинотеатра.`,
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorBodySchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Токен из POST /authenticate' } },
    },
  };
}
