/**
 * The access matrix, generated from the contract: every staff endpoint called as a guest (401), a
 * customer (403) and each staff role (403 when the access table refuses, anything else when it
 * allows — the input here is harmless: ids that do not exist, empty bodies). Refused calls write
 * nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { can } from '../contract/access';
import { API, type ApiKey } from '../contract/api';
import { useTestApi } from '../testing/api';
import { changedTables, databaseFingerprint, harmlessParams, STAFF_ROLES } from '../testing/contract-calls';
import { buildSignedInUser } from '../testing/factories';
import { currentVersions } from './documents/service';

const api = useTestApi();
// The bundled drafts become the documents' first versions when anyone first reads them; read them once here
// so that this first read is not counted as a refused call's write.
beforeAll(() => currentVersions(api.ctx.db));
const STAFF_ENDPOINTS = (Object.entries(API) as [ApiKey, (typeof API)[ApiKey]][]).filter(
  ([, endpoint]) => endpoint.access.kind === 'staff',
);

describe('the access matrix', () => {
  it('has staff endpoints to check', () => expect(STAFF_ENDPOINTS.length).toBeGreaterThan(10));

  for (const [key, endpoint] of STAFF_ENDPOINTS) {
    if (endpoint.access.kind !== 'staff') continue;
    const { resource, action } = endpoint.access;
    it(`${key}: 401 for a guest, 403 for a customer, and per role as the table says (${resource}.${action})`, async () => {
      const input = { params: harmlessParams(key), ...('body' in endpoint ? { body: {} } : {}) };
      const call = (token?: string) => api.t.call(key, input, token);
      const before = await databaseFingerprint(api.ctx.db);
      expect((await call()).status).toBe(401);
      expect((await call((await buildSignedInUser(api.ctx)).token)).status).toBe(403);
      for (const role of STAFF_ROLES) {
        const { token } = await buildSignedInUser(api.ctx, { role });
        const { status } = await call(token);
        if (can(role, resource, action)) expect([401, 403], `${role} is allowed`).not.toContain(status);
        else expect(status, `${role} is refused`).toBe(403);
      }
      // Signing the callers in wrote users and tokens; nothing else changed.
      expect(changedTables(before, await databaseFingerprint(api.ctx.db), ['users', 'auth_tokens'])).toEqual([]);
    });
  }
});
