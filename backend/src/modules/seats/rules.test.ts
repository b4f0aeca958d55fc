/**
 * The seat choice rules, run by the hold scripts on the server: a sofa is held whole, no single free
 * seat is left between taken ones unless every choice in that stretch would leave one (seats.io's
 * rule), and 'Лучшие места' holds N adjacent seats nearest the hall's best point in one atomic step —
 * two groups at once never get a seat in common.
 */
import { describe, expect, it } from 'vitest';
import { buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { useShop } from '../../testing/orders';
import { request } from '../../testing/seat-client';
import { planOf } from '../../testing/plans';

describe('seat choice rules', () => {
  const shop = useShop();
  async function hallWith(plan: ReturnType<typeof planOf>) {
    const hall = await buildHall(shop.t.ctx.db);
    const { token } = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    const res = await shop.t.call('PUT /halls/:id/plan', { params: { id: hall.id }, body: plan }, token);
    expect(res.status).toBe(200);
    return buildSession(shop.t.ctx.db, { hallId: hall.id });
  }
  async function viewerIn(sessionId: number) {
    const viewer = await shop.buyer();
    await viewer.socket.join(sessionId);
    return {
      hold: (seat: string) => request(viewer.socket, 'seats:hold', { sessionId, seat }),
      best: (count: number) => request(viewer.socket, 'seats:best', { sessionId, count }),
      release: (seat: string) => request(viewer.socket, 'seats:release', { sessionId, seat }),
      socket: viewer.socket,
    };
  }

  it('refuses a seat that would leave one free seat between taken ones, and grants the seats that do not', async () => {
    const session = await buildSession(shop.t.ctx.db);
    const [other, viewer] = [await viewerIn(session.id), await viewerIn(session.id)];
    expect(await other.hold('r1m4')).toMatchObject({ ok: true });
    // r1m3 would be alone between r1m2 and r1m4.
    expect(await viewer.hold('r1m2')).toEqual({ ok: false, reason: 'orphan' });
    expect(await viewer.hold('r1m3')).toMatchObject({ ok: true });
    expect(await viewer.hold('r1m2')).toMatchObject({ ok: true });
    // The wall is not a taken seat: r1m1 next to it is no orphan.
    const snapshot = await viewer.socket.join(session.id);
    expect(snapshot.mine.sort()).toEqual(['r1m2', 'r1m3']);
  });

  it('grants it when every choice in the stretch leaves one: a stretch of two free seats', async () => {
    const session = await buildSession(shop.t.ctx.db);
    const [other, viewer] = [await viewerIn(session.id), await viewerIn(session.id)];
    expect(await other.hold('r2m3')).toMatchObject({ ok: true });
    expect(await other.hold('r2m6')).toMatchObject({ ok: true });
    // r2m4 and r2m5 are the stretch: either seat alone leaves the other.
    expect(await viewer.hold('r2m4')).toMatchObject({ ok: true });
    expect(await viewer.hold('r2m5')).toMatchObject({ ok: true });
  });

  it('holds a sofa whole: both seats, shown held to every map; its other seat is then taken', async () => {
    const session = await hallWith(planOf(3, 4, { zoneOf: (row) => (row === 3 ? 'sofa' : 'standard') }));
    const [viewer, other] = [await viewerIn(session.id), await viewerIn(session.id)];
    expect(await viewer.hold('r3m2')).toMatchObject({ ok: true });
    expect((await other.socket.join(session.id)).held.sort()).toEqual(['r3m1', 'r3m2']);
    expect(await other.hold('r3m1')).toEqual({ ok: false, reason: 'taken' });
    expect(await other.hold('r3m3')).toMatchObject({ ok: true });
    expect((await viewer.socket.join(session.id)).mine.sort()).toEqual(['r3m1', 'r3m2']);
  });

  it('releases a sofa whole: giving back one of its seats frees both, on every map', async () => {
    const session = await hallWith(planOf(3, 4, { zoneOf: (row) => (row === 3 ? 'sofa' : 'standard') }));
    const [viewer, other] = [await viewerIn(session.id), await viewerIn(session.id)];
    expect(await viewer.hold('r3m3')).toMatchObject({ ok: true });
    expect(await viewer.hold('r1m1')).toMatchObject({ ok: true });
    expect(await viewer.release('r3m4')).toMatchObject({ ok: true });
    expect((await viewer.socket.join(session.id)).mine).toEqual(['r1m1']);
    expect((await other.socket.join(session.id)).held).toEqual(['r1m1']);
    // Its other seat is free again, not half a sofa left to someone: the next viewer takes the sofa whole.
    expect(await other.hold('r3m3')).toMatchObject({ ok: true });
    expect((await other.socket.join(session.id)).mine.sort()).toEqual(['r3m3', 'r3m4']);
  });

  it("refuses 'Лучшие места' for no seats or more than six as an invalid request, holding nothing", async () => {
    const session = await buildSession(shop.t.ctx.db);
    const viewer = await viewerIn(session.id);
    expect(await viewer.best(0)).toEqual({ ok: false, reason: 'invalid' });
    expect(await viewer.best(7)).toEqual({ ok: false, reason: 'invalid' });
    expect((await viewer.socket.join(session.id)).mine).toEqual([]);
  });

  it('holds the best seats: adjacent, in the best row, around the middle', async () => {
    const session = await buildSession(shop.t.ctx.db);
    const viewer = await viewerIn(session.id);
    const ack = await viewer.best(3);
    expect(ack).toMatchObject({ ok: true, seats: ['r7m5', 'r7m6', 'r7m7'] });
    expect((await viewer.socket.join(session.id)).mine.sort()).toEqual(['r7m5', 'r7m6', 'r7m7']);
    // Three more reach the six a viewer may hold; one more is over the limit.
    expect(await viewer.best(3)).toMatchObject({ ok: true });
    expect(await viewer.best(1)).toEqual({ ok: false, reason: 'limit' });
  });

  it('never gives two groups asking at once a seat in common', async () => {
    const session = await buildSession(shop.t.ctx.db);
    const viewers = await Promise.all(Array.from({ length: 12 }, () => viewerIn(session.id)));
    const acks = await Promise.all(viewers.map((v) => v.best(4)));
    const seats = acks.flatMap((a) => (a.ok ? (a as { seats: string[] }).seats : []));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(seats).toHaveLength(48);
    expect(new Set(seats).size).toBe(48);
    for (const ack of acks) {
      const group = (ack as { seats: string[] }).seats;
      const rows = new Set(group.map((s) => s.split('m')[0]));
      const places = group.map((s) => Number(s.split('m')[1])).sort((a, b) => a - b);
      expect(rows.size).toBe(1);
      expect(places[places.length - 1]! - places[0]!).toBe(3);
    }
  });

  it("answers 'none' when no group of that size fits, and never splits a sofa or leaves an orphan", async () => {
    const session = await hallWith(planOf(1, 5, { zoneOf: () => 'standard' }));
    const [other, viewer] = [await viewerIn(session.id), await viewerIn(session.id)];
    expect(await other.hold('r1m3')).toMatchObject({ ok: true });
    expect(await viewer.best(3)).toEqual({ ok: false, reason: 'none' });
    expect(await viewer.best(2)).toMatchObject({ ok: true });

    const sofas = await hallWith(planOf(1, 4, { zoneOf: () => 'sofa' }));
    const couple = await viewerIn(sofas.id);
    const ack = (await couple.best(2)) as { ok: boolean; seats: string[] };
    expect([
      ['r1m1', 'r1m2'],
      ['r1m3', 'r1m4'],
    ]).toContainEqual(ack.seats);
    expect(await (await viewerIn(sofas.id)).best(3)).toEqual({ ok: false, reason: 'none' });
  });
});
