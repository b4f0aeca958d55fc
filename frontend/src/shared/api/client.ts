/**
 * The one way the client calls the API: JSON in and out, the bearer token when signed in, and
 * failures thrown as ApiError carrying the server's error code and Russian message.
 */
import type { ErrorBody, ErrorCode } from '@kino/backend/contract';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as is when FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
}

export async function request<T>(
  path: string,
  { method = 'GET', body, signal, query }: RequestOptions = {},
): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
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
    response = await fetch(url, { method, headers, body: payload, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'Нет связи с сервером. Проверьте подключение к интернету');
  }
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'internal',
      error?.message ?? 'Что-то пошло не так. Попробуйте позже',
      error?.details,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
