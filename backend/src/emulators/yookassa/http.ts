/** What every part of the emulator answers with: YooKassa's error body, JSON, HTML and bounded bodies. */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';

/** An answer the API gives instead of an object: `{ type: 'error', id, code, description, parameter }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description);
  }

  get body() {
    return {
      type: 'error',
      id: randomUUID(),
      code: this.code,
      description: this.description,
      ...(this.parameter !== undefined && { parameter: this.parameter }),
    };
  }
}

/** 400 invalid_request: the request breaks a rule of the API (naming the parameter when there is one). */
export const invalidRequest = (description: string, parameter?: string) =>
  new ApiError(400, 'invalid_request', description, parameter);

/** 404 not_found: no such object in this shop. */
export const notFound = (description: string, parameter?: string) =>
  new ApiError(404, 'not_found', description, parameter);

/** A JSON answer in the API's content type. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

/** A plain page: no scripts at all, styles inline, never framed. */
export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    })
    .end(html);
}

/** Far above any payment or refund body; a larger one is refused before it is buffered. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The request's body as text; null when it is larger than the emulator accepts. */
export async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
