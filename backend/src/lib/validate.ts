/**
 * Input validation: parses `{ params, query, body }` with zod and throws 400 invalid_input naming
 * every offending field before any handler (and so any write) runs (see api-router.ts).
 */
import type { Request } from 'express';
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
