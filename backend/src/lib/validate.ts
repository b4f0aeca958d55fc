/**
 * The zod validation middleware: parses `{ params, query, body }` and answers 400 invalid_input
 * with the offending fields before any handler (and so any write) runs.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { FieldErrors } from '../contract/errors';
import { invalidInput } from './errors';

export interface RequestSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export type ValidInput<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

const PARTS = ['params', 'query', 'body'] as const;

/** Turns zod issues into `{ "field.path": "message" }`, first message per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseInput<S extends RequestSchemas>(schemas: S, req: Request): ValidInput<S> {
  const input: Record<string, unknown> = {};
  const fields: FieldErrors = {};
  for (const part of PARTS) {
    const schema = schemas[part];
    if (!schema) continue;
    const result = schema.safeParse(req[part] ?? {});
    if (result.success) input[part] = result.data;
    else Object.assign(fields, fieldErrors(result.error));
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return input as ValidInput<S>;
}

/** Middleware form: the parsed input is left in `res.locals.input`. */
export function validate<S extends RequestSchemas>(schemas: S): RequestHandler {
  return (req, res, next) => {
    res.locals.input = parseInput(schemas, req);
    next();
  };
}

/**
 * A route handler with validated input: `endpoint({ params: IdParams }, async ({ params }) => present(…))`.
 * What the handler returns is sent as JSON (status 200, or `status`); returning undefined means
 * the handler answered itself.
 */
export function endpoint<S extends RequestSchemas>(
  schemas: S,
  handler: (input: ValidInput<S>, req: Request, res: Response) => Promise<unknown> | unknown,
  status = 200,
): RequestHandler[] {
  return [
    validate(schemas),
    async (req, res) => {
      const result = await handler(res.locals.input as ValidInput<S>, req, res);
      if (result !== undefined && !res.headersSent) res.status(status).json(result);
    },
  ];
}
