/**
 * The one way the client calls the API: an endpoint of the contract by its key, typed from its
 * declaration (a type-only import: no schema reaches the bundle), the bearer token when signed in,
 * and failures thrown as ApiError carrying the server's error code and Russian message.
 *
 *   const film = await call('GET /films/:id', { params: { id } });
 *   const films = useApiQuery('GET /films', { query: { genre } });
 */
import {
  requestLine,
  type ApiInput,
  type ApiKey,
  type ApiKeyWithoutInput,
  type ApiOutput,
  type ErrorBody,
  type ErrorCode,
} from '@kino/backend/contract';
import { getToken } from '../auth/session';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Field → message, for invalid_input errors. */
  get fields(): Record<string, string> {
    return (this.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  }
}

/** A 4xx answer: it will not change on a retry. */
export const isClientError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export interface CallOptions {
  signal?: AbortSignal;
}

/** The input may be left out where the endpoint takes none. */
export type CallArgs<K extends ApiKey> = K extends ApiKeyWithoutInput
  ? [input?: ApiInput<K>, options?: CallOptions]
  : [input: ApiInput<K>, options?: CallOptions];

/** Where the API is: this origin in the browser; the server's own address when it renders a page. */
let apiOrigin = '';
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}

/** Sends the call; resolves with the raw response when it succeeded, throws ApiError otherwise. */
async function send(key: ApiKey, input: object = {}, { signal }: CallOptions = {}): Promise<Response> {
  const { method, path } = requestLine(key, input as { params?: object; query?: object });
  const { body } = input as { body?: unknown };
  const headers = new Headers({ accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}/api${path}`, { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'Нет связи с сервером. Проверьте подключение к интернету');
  }
  if (response.ok) return response;
  const error = ((await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'internal',
    error?.message ?? 'Что-то пошло не так. Попробуйте позже',
    error?.details,
  );
}

export async function call<K extends ApiKey>(key: K, ...[input, options]: CallArgs<K>): Promise<ApiOutput<K>> {
  const response = await send(key, input ?? {}, options);
  return (response.status === 204 ? undefined : await response.json()) as ApiOutput<K>;
}

/** A binary answer (a ticket's PDF) as a Blob. */
export async function callForBlob<K extends ApiKey>(key: K, ...[input, options]: CallArgs<K>): Promise<Blob> {
  return (await send(key, input ?? {}, options)).blob();
}

/** The query key of a call: the endpoint's key, then its input. Invalidate a whole endpoint with `[key]`. */
export const queryKeyOf = <K extends ApiKey>(key: K, input?: ApiInput<K>) => [key, input ?? {}] as const;

/** A multipart body from field values (files as Blobs); empty values are left out. */
export function formDataOf(fields: Record<string, string | number | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined || value === '') continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}
