/**
 * Bad requests for a declared endpoint, generated from its schemas (their JSON Schema, as the
 * OpenAPI document shows them): per field, wrong types, a missing value, numbers out of range,
 * control characters, 100 kB texts; per object, unknown and prototype keys; per endpoint that
 * reads a body, malformed JSON, 20 MB bodies, broken multipart and files that are not what they
 * claim. A fixed list of cases per field, the same on every run.
 *
 * Each case either must be refused by the contract itself (`alwaysBad`: nothing in this API
 * accepts it), or is sent only when the contract refuses it (a negative number is fine for some
 * fields); either way the server must answer 400 naming the same fields as the contract's own
 * verdict (lib/http/validate.ts). Cases the input cannot even be read from expect a status and code.
 *
 * The wrong values are shared with the Socket.IO fuzz (testing/socket-fuzz.ts).
 */
import http from 'node:http';
import type { z } from 'zod';
import type { ErrorCode } from '../contract/errors';
import { fillPath, splitKey, type Endpoint, type Method } from '../contract/endpoint';
import { z as zod } from '../contract/zod';
import { AppError } from '../lib/http/errors';
import { parseInput } from '../lib/http/validate';
import { harmlessParams } from './contract-calls';

/** The subset of JSON Schema that zod writes and the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

/** What a request part accepts, as JSON Schema (the input side: before transforms and defaults). */
export const inputJsonSchema = (schema: z.ZodType): JsonSchema =>
  zod.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

export interface RawRequest {
  method: Method;
  /** Under /api, with the query. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Input {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
}

export type Expectation =
  /** 400 invalid_input naming exactly the fields the contract names for `input`. */
  | { kind: 'contract'; input: Input }
  /** The input is unreadable (or its verdict comes after the contract, e.g. a file's bytes): one of these. */
  | { kind: 'status'; status: readonly number[]; codes: readonly ErrorCode[]; fields?: readonly string[] };

export interface FuzzCase {
  /** What is wrong, e.g. 'body.title: a NUL byte'. */
  name: string;
  request: RawRequest;
  expect: Expectation;
  /** Nothing in the API may accept it: the contract must refuse it, naming `field` (or a parent of it) when given. */
  alwaysBad?: { field?: string };
}

const KB100 = 'x'.repeat(100_000);
/** Long, but within the 16 kB Node allows for a request's head. */
const LONG_IN_ADDRESS = 'x'.repeat(4000);
const MB20 = 20 * 1024 * 1024;
export const CONTROL_TEXTS: readonly [string, string][] = [
  ['a NUL byte', 'a\u0000b'],
  ['an escape sequence', '\u001b[31mred'],
  ['a bell', 'bell\u0007'],
];
/** Beyond PostgreSQL's integer: no number in a request goes there. */
const OUT_OF_RANGE: readonly [string, number | Raw][] = [
  ['2^31', 2_147_483_648],
  ['-2^31-1', -2_147_483_649],
  ['beyond 2^53', raw('9007199254740993')],
  ['1e400 (Infinity)', raw('1e400')],
  ['-1e400', raw('-1e400')],
];
/** Texts that are numbers gone wrong: the contract refuses them where it expects a number. */
const NUMBER_TEXTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '1e3',
  ' 1',
  '0x10',
];
export const PROTOTYPE_KEYS: readonly [string, string][] = [
  ['__proto__', '{"role":"admin","polluted":true}'],
  ['constructor', '{"prototype":{"polluted":true}}'],
];
/** Names tried for a file field declared by a pattern (a news article's blocks). */
const PATTERN_FILE_FIELDS = ['blocks[0][content]', 'blocks[0][image]', 'images[0]', 'photos[0]', 'files[0]'];
/** A real 1×1 PNG, for the file fields a case must fill to reach the text fields. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A JSON value written as it is (a number JSON.stringify cannot write). */
export interface Raw {
  readonly raw: string;
}
export function raw(text: string): Raw {
  return { raw: text };
}
const isRaw = (v: unknown): v is Raw =>
  typeof v === 'object' && v !== null && 'raw' in v && Object.keys(v).length === 1;

export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (isRaw(v) ? `\u0001raw${raws.push(v.raw) - 1}` : v));
  return text.replace(/"\\u0001raw(\d+)"/g, (_, i: string) => raws[Number(i)]!);
}

// ---- the JSON Schema, read ----

function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if (schema.anyOf) for (const branch of schema.anyOf) for (const t of typesOf(branch)) types.add(t);
  if (schema.type) for (const t of [schema.type].flat()) types.add(t);
  if (schema.const !== undefined) types.add(typeof schema.const === 'number' ? 'number' : typeof schema.const);
  if (schema.enum) for (const v of schema.enum) types.add(v === null ? 'null' : typeof v);
  if (types.has('integer')) types.add('number');
  // `unrepresentable: 'any'` writes {} for what JSON Schema cannot say (a custom check): anything.
  if (types.size === 0) for (const t of ['string', 'number', 'boolean', 'null', 'array', 'object']) types.add(t);
  return types;
}

const branches = (schema: JsonSchema): JsonSchema[] => (schema.anyOf ? schema.anyOf.flatMap(branches) : [schema]);
const objectBranch = (schema: JsonSchema) => branches(schema).find((b) => b.properties);
const onlyIntegers = (schema: JsonSchema) =>
  branches(schema).every((b) => b.type === 'integer' || (b.type !== 'number' && !typesOf(b).has('number')));

/** Candidates for a text with a pattern: one usually fits (ids, dates, cinema times, seat codes). */
const PATTERN_SAMPLES = ['1', '2000-01-01', '2000-01-01 12:00:00', 'r1m1', 'fuzz'];

/** A value the schema should accept (the other fields of a case: what is wrong is one field only). */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf.find((b) => b.type !== 'null') ?? schema.anyOf[0]!);
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date') return '2000-01-01';
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        return PATTERN_SAMPLES.find((s) => re.test(s)) ?? 'fuzz';
      }
      return 'fuzz-text-fuzz-text'.slice(0, schema.maxLength ?? 19).padEnd(schema.minLength ?? 0, 'x');
  }
}

/** The contract's verdict on an input: the fields it names, or undefined when it accepts it. */
export function verdict(endpoint: Endpoint, input: Input): Record<string, string> | undefined {
  try {
    parseInput(endpoint, input);
    return undefined;
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_input') {
      return (err.details as { fields: Record<string, string> }).fields;
    }
    throw err;
  }
}

/** Values tried in a field of the sample the contract refuses (a time a custom check wants, an id). */
const REPAIRS: readonly unknown[] = [
  '2030-01-01 12:00:00',
  '2000-01-01',
  '1',
  1,
  'r1m1',
  'fuzz@example.test',
  'fuzz',
  true,
];

/**
 * The sample, changed field by field until the contract accepts it where it can: so that a case's
 * verdict is about the field it breaks.
 */
function repaired(body: unknown, accepts: (body: unknown) => Record<string, string> | undefined): unknown {
  let current = body;
  for (const field of Object.keys(accepts(current) ?? {})) {
    if (field === '_') continue;
    const path = field.split('.');
    const fix = REPAIRS.map((v) => withValue(current, path, v)).find(
      (candidate) => !(field in (accepts(candidate) ?? {})),
    );
    if (fix !== undefined) current = fix;
  }
  return current;
}

// ---- values that are wrong ----

export interface Mutation {
  label: string;
  /** undefined = leave the field out. */
  value: unknown;
  alwaysBad: boolean;
}

const WRONG_TYPES: readonly [string, unknown, string][] = [
  ['a number', 12345, 'number'],
  ['true', true, 'boolean'],
  ['null', null, 'null'],
  ['an array', ['x'], 'array'],
  ['an object', { x: 1 }, 'object'],
  ['a text', 'text', 'string'],
];

/** Wrong values for a JSON field. */
export function jsonMutations(schema: JsonSchema, required: boolean): Mutation[] {
  const types = typesOf(schema);
  const out: Mutation[] = [];
  if (required) out.push({ label: 'missing', value: undefined, alwaysBad: true });
  for (const [label, value, type] of WRONG_TYPES) {
    if (!types.has(type)) out.push({ label: `${label} instead of ${[...types].join('|')}`, value, alwaysBad: true });
  }
  if (types.has('number')) {
    for (const [label, value] of OUT_OF_RANGE) out.push({ label, value, alwaysBad: true });
    out.push({ label: 'a fraction', value: 0.5, alwaysBad: onlyIntegers(schema) });
    out.push({ label: 'negative', value: -1, alwaysBad: false }, { label: 'zero', value: 0, alwaysBad: false });
  }
  if (types.has('string')) out.push(...textMutations(schema, KB100));
  return out;
}

/** Wrong texts, for JSON, query, path and form fields alike (`long`: as long as the place allows). */
function textMutations(schema: JsonSchema, long: string): Mutation[] {
  const out: Mutation[] = CONTROL_TEXTS.map(([label, value]) => ({ label, value, alwaysBad: true }));
  // A 100 kB text is welcome only where the contract says so (a document's body); a 4 kB address part
  // may be (a search), so the contract decides.
  const declaredLong = branches(schema).some((b) => (b.maxLength ?? 0) >= long.length);
  out.push({ label: `${Math.round(long.length / 1000)} kB`, value: long, alwaysBad: long === KB100 && !declaredLong });
  out.push({ label: 'empty', value: '', alwaysBad: false }, { label: 'spaces', value: '   ', alwaysBad: false });
  if (branches(schema).some((b) => b.pattern) || typesOf(schema).has('number')) {
    for (const text of NUMBER_TEXTS) out.push({ label: JSON.stringify(text), value: text, alwaysBad: false });
  }
  return out;
}

/** Wrong values for a form's text field: everything arrives as text. */
function formMutations(schema: JsonSchema, required: boolean): Mutation[] {
  return [
    ...(required ? [{ label: 'missing', value: undefined, alwaysBad: true }] : []),
    ...(typesOf(schema).has('number')
      ? OUT_OF_RANGE.map(([label, value]) => ({ label, value, alwaysBad: false }))
      : []),
    ...textMutations(schema, KB100),
  ];
}

// ---- requests ----

type Encoding = 'json' | 'form';

type Part = 'params' | 'query' | 'body';

/** `{a: {b: 1}}` with `a.b` set to `value` (or removed when undefined). */
export function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  const next = withValue(copy[head!], rest, value);
  if (next === undefined && rest.length === 0) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

/** Every field of a JSON value's schema, with its path and whether it must be there. */
export function fieldsOf(
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema; required: boolean }[] {
  const out: { path: (string | number)[]; schema: JsonSchema; required: boolean }[] = [];
  const object = objectBranch(schema);
  for (const [name, field] of Object.entries(object?.properties ?? {})) {
    out.push({ path: [...path, name], schema: field, required: object?.required?.includes(name) ?? false });
    out.push(...fieldsOf(field, [...path, name]));
  }
  const array = branches(schema).find((b) => b.items);
  if (array?.items) {
    out.push({ path: [...path, 0], schema: array.items, required: false });
    out.push(...fieldsOf(array.items, [...path, 0]));
  }
  return out;
}

interface FormFile {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

const BOUNDARY = '----kino-fuzz-boundary';

/** A form's fields as a browser sends nested values: blocks[0][type], … (undefined left out). */
function formFields(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, v]): [string, unknown][] => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === undefined) return [];
    return v !== null && typeof v === 'object' && !isRaw(v)
      ? formFields(v as Record<string, unknown>, name)
      : [[name, v]];
  });
}

/** A multipart body written by hand, so that a case can break it. */
function multipart(fields: Record<string, unknown>, files: FormFile[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of formFields(fields)) {
    const text = typeof value === 'string' ? value : isRaw(value) ? value.raw : JSON.stringify(value);
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** What a form's text field holds as the server reads it: always text. */
const asFormText = (value: unknown) =>
  value === undefined
    ? undefined
    : typeof value === 'string'
      ? value
      : isRaw(value)
        ? value.raw
        : JSON.stringify(value);

/** A form's body as the server reads it: nested objects and arrays kept (blocks[0][type]), every leaf text. */
function asFormValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || isRaw(value)) return asFormText(value);
  const entries = Object.entries(value).flatMap(([k, v]) => {
    const read = asFormValue(v);
    return read === undefined ? [] : [[k, read] as const];
  });
  return Array.isArray(value) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function queryString(query: Record<string, unknown>, extra = ''): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const one of [v].flat()) if (one !== undefined) search.append(k, String(one));
  }
  const text = [search.toString(), extra].filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

const status = (statuses: number[], codes: ErrorCode[], fields?: string[]): Expectation => ({
  kind: 'status',
  status: statuses,
  codes,
  ...(fields ? { fields } : {}),
});

/** The longest text field a form may carry (lib/http/upload.ts). */
const MAX_FORM_TEXT = 64 * 1024;

/** The cases of one endpoint. `headers` carries the caller's token. */
export function fuzzCases(key: string, endpoint: Endpoint, headers: Record<string, string> = {}): FuzzCase[] {
  const [method, template] = splitKey(key as `GET /${string}`);
  const upload = endpoint.upload;
  const requiredFiles: FormFile[] = Object.entries(upload?.files ?? {})
    .filter(([, f]) => f.required)
    .map(([field]) => ({ field, filename: 'tiny.png', type: 'image/png', bytes: TINY_PNG }));

  const params = Object.fromEntries(Object.entries(harmlessParams(key)).map(([k, v]) => [k, String(v)]));
  const querySchema = endpoint.query ? inputJsonSchema(endpoint.query) : undefined;
  const baseQuery = querySchema
    ? Object.fromEntries(
        Object.entries(querySchema.properties ?? {})
          .filter(([name]) => querySchema.required?.includes(name))
          .map(([name, s]) => [name, String(sampleOf(s))]),
      )
    : {};
  const bodySchema = endpoint.body ? inputJsonSchema(endpoint.body) : undefined;
  /** Bodies go as JSON (any endpoint that declares one, unless a file is required) and as forms (uploads). */
  const encodings: Encoding[] = [
    ...(bodySchema && requiredFiles.length === 0 ? (['json'] as const) : []),
    ...(upload ? (['form'] as const) : []),
  ];
  const baseBody = bodySchema
    ? repaired(sampleOf(bodySchema), (b) =>
        encodings.reduce<Record<string, string> | undefined>((fields, encoding) => {
          const found = verdict(endpoint, { params, query: baseQuery, body: encodeBody(b, encoding).read });
          return fields || found ? { ...fields, ...found } : undefined;
        }, undefined),
      )
    : upload
      ? {}
      : undefined;
  /** A union names what its closest branch misses, not always the field a case breaks. */
  const bodyNamesFields = !bodySchema?.anyOf;

  const cases: FuzzCase[] = [];
  /** A case with one part of the input changed. */
  const input = (part: Part, value: unknown): Input => ({
    params: part === 'params' ? (value as Record<string, string>) : params,
    query: part === 'query' ? (value as Record<string, unknown>) : baseQuery,
    ...(baseBody !== undefined || part === 'body' ? { body: part === 'body' ? value : baseBody } : {}),
  });
  const request = (inp: Input, rawQuery = '', body?: { bytes: Buffer; type: string }): RawRequest => ({
    method,
    path: fillPath(template, inp.params) + queryString(inp.query, rawQuery),
    headers: { ...headers, ...(body ? { 'content-type': body.type } : {}) },
    ...(body ? { body: body.bytes } : {}),
  });
  /** The bytes of a body, and the body as the server will read it. */
  function encodeBody(value: unknown, encoding: Encoding): { bytes: Buffer; type: string; read: unknown } {
    if (encoding === 'form') {
      const read = asFormValue(value ?? {});
      return { bytes: multipart(read as Record<string, unknown>, requiredFiles), type: MULTIPART, read };
    }
    const text = toJson(value);
    return { bytes: Buffer.from(text), type: 'application/json', read: JSON.parse(text) };
  }
  const add = (
    name: string,
    inp: Input,
    alwaysBad: boolean,
    field: string | undefined,
    { rawQuery = '', encoding = encodings[0] }: { rawQuery?: string; encoding?: Encoding } = {},
  ) => {
    let body: { bytes: Buffer; type: string } | undefined;
    let read = inp;
    if (inp.body !== undefined && encoding) {
      const encoded = encodeBody(inp.body, encoding);
      body = encoded;
      read = { ...inp, body: encoded.read };
    }
    if (rawQuery) read = { ...read, query: { ...read.query, ...Object.fromEntries(new URLSearchParams(rawQuery)) } };
    cases.push({
      name,
      request: request(inp, rawQuery, body),
      expect: { kind: 'contract', input: read },
      ...(alwaysBad ? { alwaysBad: field === undefined ? {} : { field } } : {}),
    });
  };

  // Path params: every text the address can carry.
  if (endpoint.params) {
    const schema = inputJsonSchema(endpoint.params);
    for (const name of Object.keys(params)) {
      const field = schema.properties?.[name] ?? {};
      // An empty segment is another address (/films/ is the list), not a bad param.
      for (const m of textMutations(field, LONG_IN_ADDRESS).filter((m) => m.value !== '')) {
        add(`params.${name}: ${m.label}`, input('params', { ...params, [name]: m.value as string }), m.alwaysBad, name);
      }
    }
    const first = Object.keys(params)[0];
    if (first) {
      cases.push({
        name: `params.${first}: malformed percent-encoding`,
        request: { method, path: template.replace(`:${first}`, '%E0%A4%A'), headers },
        expect: status([400, 404], ['invalid_input', 'not_found']),
      });
    }
  }

  // Query: each field, unknown and prototype keys, a field given twice.
  if (querySchema) {
    for (const [name, field] of Object.entries(querySchema.properties ?? {})) {
      const required = querySchema.required?.includes(name) ?? false;
      if (required) add(`query.${name}: missing`, input('query', withValue(baseQuery, [name], undefined)), true, name);
      for (const m of textMutations(field, LONG_IN_ADDRESS)) {
        add(`query.${name}: ${m.label}`, input('query', { ...baseQuery, [name]: m.value }), m.alwaysBad, name);
      }
      add(`query.${name}: given twice`, input('query', { ...baseQuery, [name]: ['1', '2'] }), true, name);
    }
    for (const extra of ['fuzz_extra', '__proto__', 'constructor', 'page[x]']) {
      add(`query: unknown key ${extra}`, input('query', baseQuery), true, extra, {
        rawQuery: `${encodeURIComponent(extra)}=1`,
      });
    }
  }

  // Body fields, in each encoding the endpoint reads: wrong values, unknown and prototype keys.
  for (const encoding of encodings) {
    const prefix = encodings.length > 1 ? `body (${encoding})` : 'body';
    const named = (field: string) => (bodyNamesFields ? field : undefined);
    for (const { path, schema, required } of bodySchema ? fieldsOf(bodySchema) : []) {
      const field = path.join('.');
      for (const m of encoding === 'json' ? jsonMutations(schema, required) : formMutations(schema, required)) {
        const name = `${prefix}.${field}: ${m.label}`;
        if (encoding === 'form' && typeof m.value === 'string' && m.value.length > MAX_FORM_TEXT) {
          // The form is refused while it is read, before the contract sees it: the field is named alone.
          const { bytes, type } = encodeBody(withValue(baseBody, path, m.value), encoding);
          cases.push({
            name,
            request: {
              ...request(input('body', undefined)),
              headers: { ...headers, 'content-type': type },
              body: bytes,
            },
            expect: status([400], ['invalid_input'], [field]),
          });
          continue;
        }
        add(name, input('body', withValue(baseBody, path, m.value)), m.alwaysBad, named(field), { encoding });
      }
    }
    const extra = { ...(baseBody as object), fuzz_extra: 'x' };
    add(`${prefix}: an unknown field`, input('body', extra), !!bodySchema, named('fuzz_extra'), { encoding });
    for (const [name, value] of PROTOTYPE_KEYS) {
      const withKey = { ...(JSON.parse(`{"${name}":${value}}`) as object), ...(baseBody as object) };
      add(`${prefix}: prototype key ${name}`, input('body', withKey), !!bodySchema, name, { encoding });
    }
  }

  // JSON that cannot be read, or is too much to read.
  if (encodings.includes('json')) {
    add('body: an array instead of an object', input('body', []), true, '_', { encoding: 'json' });
    const json = { 'content-type': 'application/json' };
    const transport: [string, Buffer, Record<string, string>, Expectation][] = [
      // Express reads JSON strictly: a body that is not an object or an array is not JSON to it.
      ['body: a number instead of an object', Buffer.from('42'), json, status([400], ['invalid_json'])],
      ['body: a text instead of an object', Buffer.from('"text"'), json, status([400], ['invalid_json'])],
      ['body: truncated JSON', Buffer.from('{"email": "a@b'), json, status([400], ['invalid_json'])],
      ['body: NaN in JSON', Buffer.from('{"x": NaN}'), json, status([400], ['invalid_json'])],
      ['body: 20 MB of JSON', Buffer.from(`{"x":"${'x'.repeat(MB20)}"}`), json, status([413], ['payload_too_large'])],
      [
        'body: nested 100 000 deep',
        Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)),
        json,
        status([400, 413], ['invalid_input', 'invalid_json', 'payload_too_large']),
      ],
      [
        'body: JSON sent as text/plain',
        encodeBody(baseBody, 'json').bytes,
        { 'content-type': 'text/plain' },
        status([400], ['invalid_input']),
      ],
    ];
    for (const [name, bytes, type, expect] of transport) {
      cases.push({
        name,
        request: { ...request(input('body', undefined)), headers: { ...headers, ...type }, body: bytes },
        expect,
      });
    }
  }

  // Forms: broken multipart, files where none belong, files that are not images, 20 MB.
  if (upload) {
    const good = multipart((baseBody ?? {}) as Record<string, unknown>, requiredFiles);
    const refused = status([400], ['invalid_input']);
    const form = (name: string, bytes: Buffer, expect: Expectation, type = MULTIPART) =>
      cases.push({
        name,
        request: { ...request(input('body', undefined)), headers: { ...headers, 'content-type': type }, body: bytes },
        expect,
      });
    form('multipart: truncated', good.subarray(0, Math.max(10, good.length - 20)), refused);
    form(
      'multipart: no closing boundary',
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`),
      refused,
    );
    form('multipart: garbage', Buffer.from('this is not a form'), refused);
    form('multipart: no boundary in the content type', good, refused, 'multipart/form-data');
    form(
      'multipart: a file in an undeclared field',
      multipart({}, [...requiredFiles, { field: 'fuzz_file', filename: 'a.png', type: 'image/png', bytes: TINY_PNG }]),
      refused,
    );
    form('multipart: a 20 MB text field', multipart({ fuzz_field: 'x'.repeat(MB20) }, requiredFiles), refused);
    const patternField = PATTERN_FILE_FIELDS.find((name) => upload.pattern?.match.test(name));
    const fileFields = [...Object.keys(upload.files ?? {}), ...(patternField ? [patternField] : [])];
    for (const field of fileFields) {
      const others = requiredFiles.filter((f) => f.field !== field);
      const fake = (label: string, bytes: Buffer, filename: string, type: string) =>
        form(
          `multipart: ${field}: ${label}`,
          multipart((baseBody ?? {}) as Record<string, unknown>, [...others, { field, filename, type, bytes }]),
          status([400, 415], ['invalid_input', 'unsupported_media_type']),
        );
      fake('text posing as a PNG', Buffer.from('not an image at all'), 'photo.png', 'image/png');
      fake('HTML posing as a JPEG', Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg');
      fake(
        'an SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      );
      fake('a PNG cut short', TINY_PNG.subarray(0, 30), 'cut.png', 'image/png');
      fake('empty', Buffer.alloc(0), 'empty.png', 'image/png');
      form(
        `multipart: ${field}: two files`,
        multipart({}, [
          ...requiredFiles.filter((f) => f.field !== field),
          { field, filename: 'a.png', type: 'image/png', bytes: TINY_PNG },
          { field, filename: 'b.png', type: 'image/png', bytes: TINY_PNG },
        ]),
        refused,
      );
      form(
        `multipart: ${field}: 20 MB`,
        multipart({}, [...others, { field, filename: 'big.png', type: 'image/png', bytes: Buffer.alloc(MB20, 1) }]),
        status([413], ['payload_too_large']),
      );
    }
    if (fileFields.length === 0) {
      form(
        'multipart: a 20 MB file where none is accepted',
        multipart({}, [{ field: 'file', filename: 'big.png', type: 'image/png', bytes: Buffer.alloc(MB20, 1) }]),
        status([400, 413], ['invalid_input', 'payload_too_large']),
      );
    }
  }
  return cases;
}

// ---- sending ----

interface RawAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends the bytes as they are over a connection of its own. The server may answer before reading
 * a large body (413) and close: the answer counts, the broken write does not.
 */
export function send(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const url = new URL(`/api${req.path}`, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      url,
      {
        method: req.method,
        agent: false,
        headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: the assertion on the shape says so.
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', (err) => {
      if (!answered) reject(err);
    });
    outgoing.end(req.body);
  });
}
