/**
 * Mounts the contract's endpoint declarations (contract/api.ts). Every route reads the same way:
 * access guard (401 for a guest, 403 for a role without the right) → the handler's own middleware
 * (rate limits) → upload → validation (400 with every field) → handler → answer. A module supplies
 * its handlers with `handlers({...})`; a declared endpoint without exactly one handler stops the
 * process at start-up, and a handler for an undeclared endpoint too.
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { can } from '../../contract/access';
import { API, type Api, type ApiKey } from '../../contract/api';
import { splitKey, type Access, type Endpoint, type OutputOf, type ParsedInput } from '../../contract/endpoint';
import type { AuthUser } from './auth-user';
import { forbidden, unauthenticated } from './errors';
import { rememberHeaders, sendPresented } from './hot-reads';
import { Presented } from './response-cache';
import { uploadMiddleware, type UploadedFiles } from './upload';
import { parseInput } from './validate';

/** Everything a handler gets: the validated input, the caller, the files, and Express for the rare raw answer. */
export interface Call<E extends Endpoint> extends ParsedInput<E> {
  user: E['access'] extends { kind: 'public' } ? AuthUser | undefined : AuthUser;
  files: UploadedFiles;
  req: Request;
  res: Response;
}

/** Returning undefined means the handler answered itself (a redirect, a file). */
export type Handler<E extends Endpoint> = (
  call: Call<E>,
) => Promise<OutputOf<E> | Presented | void> | OutputOf<E> | Presented | void;

export type HandlerSpec<E extends Endpoint> = Handler<E> | { use: RequestHandler[]; handle: Handler<E> };

export type HandlerMap<K extends ApiKey = ApiKey> = { [P in K]: HandlerSpec<Api[P]> };

/** A module's handlers, typed from the declarations of their keys. */
export const handlers = <K extends ApiKey>(map: HandlerMap<K>): HandlerMap<K> => map;

/** The guard of an access entry. */
export function guard(access: Access): RequestHandler {
  return (_req, res, next) => {
    if (access.kind === 'public') return next();
    const user = res.locals.user as AuthUser | undefined;
    if (!user) throw unauthenticated();
    if (access.kind === 'staff' && !can(user.role, access.resource, access.action)) throw forbidden();
    next();
  };
}

export interface MountOptions {
  /** Check every answer against its declared schema (development and tests: the contract must tell the truth). */
  checkResponses: boolean;
  /** Mount only the endpoints given (a workers-only process's probes); the API mounts every one. */
  partial?: boolean;
}

/** Static paths before parametrised ones, so '/films/news' is not taken for '/films/:id'. */
const paramCount = (key: string) => (key.match(/:/g) ?? []).length;

export function apiRouter(groups: Partial<HandlerMap>[], { checkResponses, partial = false }: MountOptions): Router {
  const all = new Map<ApiKey, HandlerSpec<Endpoint>>();
  for (const group of groups) {
    for (const [key, spec] of Object.entries(group) as [ApiKey, HandlerSpec<Endpoint>][]) {
      if (!(key in API)) throw new Error(`A handler for "${key}", which the contract does not declare`);
      if (all.has(key)) throw new Error(`Endpoint "${key}" has more than one handler`);
      all.set(key, spec);
    }
  }
  const keys = (Object.keys(API) as ApiKey[]).filter((key) => !partial || all.has(key));
  const missing = keys.filter((key) => !all.has(key));
  if (missing.length > 0) throw new Error(`No handler for endpoint(s): ${missing.join(', ')}`);

  const router = Router();
  for (const key of keys.toSorted((a, b) => paramCount(a) - paramCount(b))) {
    const endpoint: Endpoint = API[key];
    const spec = all.get(key)!;
    const { use, handle } = typeof spec === 'function' ? { use: [], handle: spec } : spec;
    const [method, path] = splitKey(key);
    router[method.toLowerCase() as 'get'](
      path,
      routeName(path),
      guard(endpoint.access),
      ...use,
      ...(endpoint.upload ? [uploadMiddleware(endpoint.upload)] : []),
      answer(key, endpoint, handle, checkResponses),
    );
  }
  return router;
}

/** Names the declared route for the metrics (metrics.ts): '/api/films/:id', not the address asked. */
function routeName(path: string): RequestHandler {
  return (req, res, next) => {
    res.locals.route = req.baseUrl + path;
    next();
  };
}

function answer(key: string, endpoint: Endpoint, handle: Handler<Endpoint>, check: boolean): RequestHandler {
  const status = endpoint.status ?? 200;
  return async (req, res) => {
    const input = parseInput(endpoint, req) as ParsedInput<Endpoint>;
    const result = await handle({
      ...input,
      user: res.locals.user as AuthUser,
      files: (res.locals.files as UploadedFiles | undefined) ?? {},
      req,
      res,
    });
    if (result === undefined || res.headersSent) return;
    if (result instanceof Presented) {
      if (check) checkResponse(key, endpoint, JSON.parse(result.identity.toString()));
      sendPresented(req, res, result, status);
      rememberHeaders(result, res);
      return;
    }
    if (check) checkResponse(key, endpoint, result);
    res.status(status).json(result);
  };
}

function checkResponse(key: string, endpoint: Endpoint, body: unknown) {
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) {
    throw new Error(`The answer of ${key} does not match its declared schema: ${parsed.error.message}`);
  }
}
