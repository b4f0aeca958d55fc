/**
 * An endpoint declared once: method and path (the key), who may call it, the schemas of its
 * params, query, body and answer. The server mounts the declarations (guard → upload → validate →
 * handler → answer), the client calls them through one typed helper, the tests and the OpenAPI
 * document read them. Each domain file of the contract ends with its map of declarations.
 */
import type { z } from 'zod';
import type { Action, Resource } from './access';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, any signed-in person, or a staff role with a right from the access table. */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'staff'; readonly resource: Resource; readonly action: Action };

export const PUBLIC = { kind: 'public' } as const;
export const SIGNED_IN = { kind: 'signed-in' } as const;
/** A staff call: allowed to the roles whose row in the access table grants `action` on `resource`. */
export const requires = <R extends Resource, A extends Action>(resource: R, action: A) =>
  ({ kind: 'staff', resource, action }) as const;

/** A multipart upload: the file fields it accepts and their size limits (bigger → 413). */
export interface UploadSpec {
  /** Named single-file fields. */
  files?: Readonly<Record<string, { maxBytes: number; required?: boolean }>>;
  /** Files under changing names (e.g. news blocks' `blocks[2][content]`), matched by this pattern. */
  pattern?: { readonly match: RegExp; readonly maxBytes: number; readonly maxFiles: number };
}

export interface Endpoint {
  /** One line for the API documentation. */
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** JSON by default; with `upload`, the text fields of the multipart form. */
  readonly body?: z.ZodType;
  readonly upload?: UploadSpec;
  /** The answer on success (JSON), or what a binary answer is described as. */
  readonly response: z.ZodType;
  /** Success status; 200 by default. */
  readonly status?: number;
  /** A binary answer (a PDF) or a browser redirect instead of JSON. */
  readonly produces?: 'application/pdf' | 'redirect';
  /** Files the same endpoint answers instead of JSON when its query asks (`format=csv|xlsx`: reports). */
  readonly alsoProduces?: readonly string[];
}

export type EndpointKey = `${Method} /${string}`;
export type EndpointMap = Readonly<Record<EndpointKey, Endpoint>>;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** Path and query values as a caller writes them: ids come from addresses as text, or from data as numbers. */
type TextOrNumber<P> = { [K in keyof P]: NonNullable<P[K]> extends string ? P[K] | number : P[K] };

/** What a caller sends: only the parts the endpoint declares. */
export type InputOf<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: TextOrNumber<In<E['params']>> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: TextOrNumber<In<E['query']>> } : unknown) &
  (E['upload'] extends UploadSpec
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: In<E['body']> }
      : unknown);

/** What the server's handler gets, validated. */
export interface ParsedInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
}

/** What a successful call answers. */
export type OutputOf<E extends Endpoint> = z.output<E['response']>;

/** True when the declaration needs no input at all (the client lets the caller leave it out). */
export type NeedsNoInput<E extends Endpoint> = E['params'] extends z.ZodType
  ? false
  : E['body'] extends z.ZodType
    ? false
    : E['upload'] extends UploadSpec
      ? false
      : true;

/** 'GET /films/:id' → ['GET', '/films/:id']. */
export function splitKey(key: EndpointKey): [Method, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as Method, key.slice(space + 1)];
}

/** '/films/:id' with { id: 5 } → '/films/5' (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The method and the address under /api of a call, e.g. ('GET /films/:id', {params: {id: 5}}) → GET /films/5. */
export function requestLine(
  key: EndpointKey,
  input: { params?: object; query?: object } = {},
): { method: Method; path: string } {
  const [method, template] = splitKey(key);
  const path = fillPath(template, input.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return { method, path: search ? `${path}?${search}` : path };
}
