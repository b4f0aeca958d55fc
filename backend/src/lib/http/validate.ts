/**
 * Input validation: parses `{ params, query, body }` with zod and throws 400 invalid_input naming
 * every offending field before any handler (and so any write) runs (see api-router.ts). Before the
 * schemas, rules that hold for every endpoint: no control characters in any text (NUL cannot be
 * stored by PostgreSQL, the others are never typed by a person; tab and line breaks are text), no
 * prototype keys (`__proto__`, `constructor`, `prototype`: zod's strict objects let them through),
 * no nesting deeper than any request of this API.
 */
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
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

/** Field errors keyed by what the client sent: a key named `__proto__` must stay a key. */
const noFields = (): FieldErrors => Object.create(null) as FieldErrors;

/** Turns zod issues into `{ "field.path": "message" }`, first message per field; an unknown key is named itself. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields = noFields();
  for (const issue of error.issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) fields[path.map(String).join('.') || '_'] ??= issue.message;
  }
  return fields;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_MESSAGE = 'Текст содержит недопустимые символы';
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** No request of this API nests deeper; a deeper one is refused before anything walks it. */
const MAX_DEPTH = 32;

/** What no request may hold, by path (`{ "blocks.0.text": "…" }`): control characters, prototype keys, deep nesting. */
export function unsafeInputErrors(value: unknown): FieldErrors {
  const fields = noFields();
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) fields[path.join('.') || '_'] ??= CONTROL_MESSAGE;
    } else if (current !== null && typeof current === 'object') {
      if (path.length >= MAX_DEPTH) {
        fields[path.join('.')] ??= 'Слишком глубокая вложенность';
        continue;
      }
      for (const [key, inner] of Object.entries(current)) {
        if (CONTROL_CHARACTER.test(key)) fields[[...path, key].join('.')] ??= CONTROL_MESSAGE;
        else if (PROTOTYPE_KEYS.has(key)) fields[[...path, key].join('.')] ??= 'Недопустимое поле';
        else stack.push([inner, [...path, key]]);
      }
    }
  }
  return fields;
}

/** `req` is Express's request, or the same parts read otherwise (the fuzz suite asks for the contract's verdict). */
export function parseInput<S extends RequestSchemas>(
  schemas: S,
  req: { [P in (typeof PARTS)[number]]?: unknown },
): ValidInput<S> {
  const input: Record<string, unknown> = {};
  const fields = noFields();
  for (const part of PARTS) {
    const schema = schemas[part];
    if (!schema) continue;
    const raw: unknown = req[part] ?? {};
    const unsafe = unsafeInputErrors(raw);
    if (Object.keys(unsafe).length > 0) {
      Object.assign(fields, unsafe);
      continue;
    }
    const result = schema.safeParse(raw);
    if (result.success) input[part] = result.data;
    else Object.assign(fields, fieldErrors(result.error));
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return input as ValidInput<S>;
}
