/**
 * Hall plans: SPEC's 10 × 11 by default; the back office's new plan (a VIP back row, a row of sofas,
 * wheelchair spaces, an aisle) is what every seat map, hold and sale then follows; a seat sold or
 * held for a session to come cannot be taken away (409 naming the sessions), and nothing is written.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HallPlanBody } from '../../contract/plans';
import { schema } from '../../db';
import { buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { holdSeats, orderSeats, useShop } from '../../testing/orders';
import { planOf } from '../../testing/plans';
import { request } from '../../testing/seat-client';

describe('hall plans', () => {
  const shop = useShop();
  const manager = () => buildSignedInUser(shop.t.ctx, { role: 'manager' });
  const put = async (hallId: number, body: HallPlanBody, token?: string) =>
    shop.t.call('PUT /halls/:id/plan', { params: { id: hallId }, body }, token ?? (await manager()).token);

  it('keeps the hall’s name as registered in ЕАИС with its plan; empty clears it, absent leaves it', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const current = (await shop.t.call('GET /halls/:id/plan', { params: { id: hall.id } })).body;
    expect(current.showroom).toBeNull();
    const seats = current.seats.map(({ row, place, x, zone }) => ({ row, place, x, zone }));
    expect((await put(hall.id, { seats, showroom: ' Зал 4 ' })).body.showroom).toBe('Зал 4');
    expect((await put(hall.id, { seats })).body.showroom).toBe('Зал 4');
    expect((await put(hall.id, { seats, showroom: '' })).body.showroom).toBeNull();
  });

  it("gives every new hall SPEC's 10 × 11 standard seats", async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const { status, body } = await shop.t.call('GET /halls/:id/plan', { params: { id: hall.id } });
    expect(status).toBe(200);
    expect([body.rows, body.columns, body.capacity, body.seats.length]).toEqual([10, 11, 110, 110]);
    expect(new Set(body.seats.map((s) => s.zone))).toEqual(new Set(['standard']));
    expect(body.zones.map((z) => z.name)).toEqual(['Стандарт', 'VIP', 'Диван']);
    expect((await shop.t.call('GET /halls/:id/plan', { params: { id: 999999 } })).status).toBe(404);
  });

  it('takes a plan with a VIP back row, sofas, an aisle and wheelchair spaces; capacity and sofa pairs follow', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const body = planOf(6, 8, {
      zoneOf: (row) => (row === 6 ? 'vip' : row === 5 ? 'sofa' : 'standard'),
      aisleAfter: 4,
      flags: { r1m1: { wheelchair: true }, r1m2: { companion: true }, r1m8: { blocked: true } },
    });
    const { status, body: plan } = await put(hall.id, body);
    expect(status).toBe(200);
    expect([plan.rows, plan.columns, plan.capacity]).toEqual([6, 9, 47]);
    const seat = (code: string) => plan.seats.find((s) => s.code === code)!;
    expect(seat('r5m1').pair).toBe('r5m2');
    expect(seat('r5m2').pair).toBe('r5m1');
    // The aisle splits the row: the sofas pair within each side.
    expect([seat('r5m4').pair, seat('r5m5').pair]).toEqual(['r5m3', 'r5m6']);
    expect(seat('r6m3')).toMatchObject({ zone: 'vip', pair: null });
    expect(seat('r1m1')).toMatchObject({ wheelchair: true });
    const [row] = await shop.t.ctx.db.select().from(schema.halls).where(eq(schema.halls.id, hall.id));
    expect(row!.capacity).toBe(47);
  });

  it('refuses a sofa without its other seat, a seat given twice and an unknown zone, writing nothing', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const odd = planOf(2, 3, { zoneOf: (row) => (row === 2 ? 'sofa' : 'standard') });
    const twice = planOf(1, 2);
    twice.seats.push({ ...twice.seats[0]! });
    const unknown = planOf(1, 2, { zoneOf: () => 'balcony' });
    for (const body of [odd, twice, unknown]) expect((await put(hall.id, body)).status).toBe(400);
    const { body } = await shop.t.call('GET /halls/:id/plan', { params: { id: hall.id } });
    expect(body.capacity).toBe(110);
  });

  it('refuses to remove or block a seat sold or held for a session to come, naming the sessions', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const session = await buildSession(shop.t.ctx.db, { hallId: hall.id });
    const buyer = await shop.buyer();
    await orderSeats(shop.t, buyer, session, ['r10m11']);
    const holder = await shop.buyer();
    await holdSeats(holder.socket, session.id, ['r9m1']);

    const smaller = await put(hall.id, planOf(9, 11));
    expect(smaller.status).toBe(409);
    const details = (smaller.body as unknown as { error: { message: string; details: { sessions: unknown[] } } }).error;
    expect(details.details.sessions).toEqual([expect.objectContaining({ id: session.id, seats: ['r10m11'] })]);
    expect(details.message).toContain('r10m11');

    const blocked = await put(hall.id, planOf(10, 11, { flags: { r9m1: { blocked: true } } }));
    expect(blocked.status).toBe(409);
    expect(JSON.stringify(blocked.body)).toContain('r9m1');
    const { body } = await shop.t.call('GET /halls/:id/plan', { params: { id: hall.id } });
    expect(body.seats.find((s) => s.code === 'r9m1')!.blocked).toBe(false);
  });

  it('changes what open seat maps may hold at once: a removed seat is refused, a new one granted', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const session = await buildSession(shop.t.ctx.db, { hallId: hall.id });
    const viewer = await shop.buyer();
    await viewer.socket.join(session.id);
    expect(await request(viewer.socket, 'seats:hold', { sessionId: session.id, seat: 'r12m1' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect((await put(hall.id, planOf(12, 11))).status).toBe(200);
    expect(await request(viewer.socket, 'seats:hold', { sessionId: session.id, seat: 'r12m1' })).toMatchObject({
      ok: true,
    });
  });

  it('lets staff rename and recolour a zone; the legend follows; a bad colour changes nothing', async () => {
    const { token } = await manager();
    const saved = await shop.t.call(
      'PUT /seat-zones/:code',
      { params: { code: 'vip' }, body: { name: 'VIP-ряд', color: '#AA3300' } },
      token,
    );
    expect(saved.body).toEqual({ code: 'vip', name: 'VIP-ряд', color: '#aa3300', seats_per_unit: 1 });
    const bad = await shop.t.call(
      'PUT /seat-zones/:code',
      { params: { code: 'vip' }, body: { name: 'VIP', color: 'red' } },
      token,
    );
    expect(bad.status).toBe(400);
    const zones = (await shop.t.call('GET /seat-zones')).body;
    expect(zones.find((z) => z.code === 'vip')).toMatchObject({ name: 'VIP-ряд', color: '#aa3300' });
    expect(
      (
        await shop.t.call(
          'PUT /seat-zones/:code',
          { params: { code: 'balcony' }, body: { name: 'Балкон', color: '#000000' } },
          token,
        )
      ).status,
    ).toBe(404);
    await shop.t.call(
      'PUT /seat-zones/:code',
      { params: { code: 'vip' }, body: { name: 'VIP', color: '#b45309' } },
      token,
    );
  });

  it('lets only staff with the right change a plan', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    expect((await put(hall.id, planOf(2, 2), cashier.token)).status).toBe(403);
    expect((await shop.t.fetch(`/api/halls/${hall.id}/plan`, { method: 'PUT', json: planOf(2, 2) })).status).toBe(401);
  });
});
