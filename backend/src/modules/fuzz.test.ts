/**
 * Bad input, generated from the contract (testing/fuzz.ts): every declared endpoint, called by a
 * role allowed to call it, gets wrong types, missing and unknown fields, numbers out of range,
 * control characters, 100 kB texts, 20 MB bodies, prototype keys, broken multipart and files that
 * are not images. Each answer is a 4xx in the error shape — 400 naming the same fields as the
 * contract's own verdict where the input could be read — and the database is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { API, type ApiKey } from '../contract/api';
import type { Role } from '../contract/constants';
import type { Endpoint } from '../contract/endpoint';
import { ErrorBodySchema, type ErrorBody } from '../contract/errors';
import { deleteKeysUnder } from '../lib/infra/redis';
import { useTestApi } from '../testing/api';
import { allowedRole, changedTables, databaseFingerprint } from '../testing/contract-calls';
import { buildSignedInUser } from '../testing/factories';
import { fuzzCases, send, verdict, type FuzzCase } from '../testing/fuzz';

/**
 * Endpoints the suite leaves alone, with the reason. None today: even the OAuth redirects answer a
 * bad provider in the error shape (404).
 */
const SKIPPED: Partial<Record<ApiKey, string>> = {};

const api = useTestApi();
const ENDPOINTS = (Object.entries(API) as [ApiKey, Endpoint][]).filter(([key]) => !(key in SKIPPED));

/** The named field, or its parent object, or the whole input ('_'), as a field error names it. */
const names = (fields: Record<string, string>, field: string) =>
  Object.keys(fields).some((k) => k === field || k === '_' || field.startsWith(`${k}.`) || k.startsWith(`${field}.`));

const tokens = new Map<Role | undefined, string | undefined>();
async function headersFor(endpoint: Endpoint): Promise<Record<string, string>> {
  const role = allowedRole(endpoint.access);
  if (!tokens.has(role)) tokens.set(role, role ? (await buildSignedInUser(api.ctx, { role })).token : undefined);
  const token = tokens.get(role);
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Sends a case; a rate limit in the way (sign-in, registration) is reset and the case sent again. */
async function answer(c: FuzzCase) {
  for (let attempt = 0; ; attempt++) {
    const res = await send(api.t.url, c.request);
    if (res.status !== 429 || attempt > 0) return res;
    await deleteKeysUnder(api.ctx.redisUrl, api.ctx.keys.of('rate'));
  }
}

describe('bad input', () => {
  it('is generated for every endpoint', () => expect(ENDPOINTS.length).toBeGreaterThan(50));

  for (const [key, endpoint] of ENDPOINTS) {
    it(`${key}: every bad request is refused with a 4xx in the error shape and writes nothing`, async () => {
      const cases = fuzzCases(key, endpoint, await headersFor(endpoint));
      const before = await databaseFingerprint(api.ctx.db);
      const failures: string[] = [];
      for (const c of cases) {
        let expected: Record<string, string> | undefined;
        if (c.expect.kind === 'contract') {
          expected = verdict(endpoint, c.expect.input);
          if (!expected) {
            // An unknown field accepted: the request object is z.object, where requests use z.strictObject.
            if (c.alwaysBad) failures.push(`${c.name}: the contract accepts it`);
            continue;
          }
          if (c.alwaysBad?.field && !names(expected, c.alwaysBad.field)) {
            failures.push(
              `${c.name}: the contract does not name ${c.alwaysBad.field} (${Object.keys(expected).join(', ')})`,
            );
          }
        }
        const res = await answer(c);
        const shape = ErrorBodySchema.safeParse(res.body);
        if (res.status < 400 || res.status >= 500 || !shape.success) {
          failures.push(`${c.name}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
          continue;
        }
        const { error } = res.body as ErrorBody;
        const named = Object.keys((error.details as { fields?: object } | undefined)?.fields ?? {}).sort();
        const wanted = c.expect.kind === 'status' ? c.expect.fields : Object.keys(expected!).sort();
        if (c.expect.kind === 'status') {
          if (!c.expect.status.includes(res.status) || !c.expect.codes.includes(error.code)) {
            failures.push(
              `${c.name}: ${res.status} ${error.code}, expected ${c.expect.status.join('|')} ${c.expect.codes.join('|')}`,
            );
          }
        } else if (res.status !== 400 || error.code !== 'invalid_input') {
          failures.push(`${c.name}: ${res.status} ${error.code}, expected 400 invalid_input`);
        }
        if (wanted && named.join() !== wanted.join())
          failures.push(`${c.name}: names ${named.join()}, expected ${wanted.join()}`);
      }
      expect(failures).toEqual([]);
      expect(changedTables(before, await databaseFingerprint(api.ctx.db))).toEqual([]);
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    });
  }
});
