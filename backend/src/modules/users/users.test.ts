import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { UserPageSchema } from '../../contract/users';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildSignedInUser, buildUser } from '../../testing/factories';
import { connectLiveClient, type LiveClient } from '../../testing/live-client';

const api = useTestApi();
const clients: LiveClient[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const roleOf = async (id: number) =>
  (await api.ctx.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.id, id)))[0]!.role;

describe('GET /api/users', () => {
  it('returns 200 with a page of accounts, searched by name or e-mail', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const anna = await buildUser(api.ctx.db, { fio: 'Анна Каренина', email: 'anna-k@example.test' });
    const { status, body } = await api.t.call('GET /users', { query: { q: 'каренина', per_page: 5 } }, token);
    expect(status).toBe(200);
    const page = UserPageSchema.parse(body);
    expect(page).toMatchObject({ total: 1, last_page: 1 });
    expect(page.data[0]).toMatchObject({ id: anna.id, email: 'anna-k@example.test', role: 'customer' });
    const all = UserPageSchema.parse((await api.t.call('GET /users', { query: { per_page: 1 } }, token)).body);
    expect(all.data).toHaveLength(1);
    expect(all.last_page).toBe(all.total);
  });
});

describe('PUT /api/users/{id}/role', () => {
  it("returns 200, the change counts from the user's next request, and their open pages hear it", async () => {
    const { token: admin } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const cashier = await buildSignedInUser(api.ctx, { role: 'cashier' });
    const pages = await connectLiveClient(api.t.url, cashier.token);
    clients.push(pages);
    expect((await api.t.call('GET /tickets', {}, cashier.token)).status).toBe(200);

    const { status, body } = await api.t.call(
      'PUT /users/:id/role',
      { params: { id: cashier.user.id }, body: { role: 'customer' } },
      admin,
    );
    expect([status, body.role]).toEqual([200, 'customer']);
    await pages.waitFor('account:changed');
    // The same token, the next request: the new role, not the one it was issued with.
    expect((await api.t.call('GET /tickets', {}, cashier.token)).status).toBe(403);
    expect((await api.t.call('GET /get-token', {}, cashier.token)).body.user.role).toBe('customer');
  });

  it('returns 400 for a role that does not exist, and changes nothing', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const user = await buildUser(api.ctx.db);
    const { status, body } = await api.t.call(
      'PUT /users/:id/role',
      { params: { id: user.id }, body: { role: 'boss' } },
      token,
    );
    expect(status).toBe(400);
    expect(body.error.details).toMatchObject({ fields: { role: expect.any(String) } });
    expect(await roleOf(user.id)).toBe('customer');
  });

  it('returns 404 for a user that does not exist', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const res = await api.t.call(
      'PUT /users/:id/role',
      { params: { id: 2147483647 }, body: { role: 'manager' } },
      token,
    );
    expect(res.status).toBe(404);
  });

  it('returns 409 for the last admin, even when two admins demote each other at once', async () => {
    // Demote every admin but two, then let the two demote each other concurrently.
    await api.ctx.db.update(schema.users).set({ role: 'customer' }).where(eq(schema.users.role, 'admin'));
    const [a, b] = [
      await buildSignedInUser(api.ctx, { role: 'admin' }),
      await buildSignedInUser(api.ctx, { role: 'admin' }),
    ];
    const results = await Promise.all([
      api.t.call('PUT /users/:id/role', { params: { id: b.user.id }, body: { role: 'manager' } }, a.token),
      api.t.call('PUT /users/:id/role', { params: { id: a.user.id }, body: { role: 'manager' } }, b.token),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One wins; the other is now either the last admin refusing (409) or no admin any more (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await api.ctx.db.$count(schema.users, eq(schema.users.role, 'admin'))).toBe(1);

    const [last] = await api.ctx.db.select().from(schema.users).where(eq(schema.users.role, 'admin'));
    const lastToken = last!.id === a.user.id ? a.token : b.token;
    const self = await api.t.call(
      'PUT /users/:id/role',
      { params: { id: last!.id }, body: { role: 'customer' } },
      lastToken,
    );
    expect([self.status, self.body.error.code]).toEqual([409, 'conflict']);
    expect(await roleOf(last!.id)).toBe('admin');
  });
});
