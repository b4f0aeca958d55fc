/**
 * Time to choose (WCAG 2.2.1) and wheelchair spaces, over real sockets and HTTP. A viewer may extend
 * their holds once per hold (`seats:extend`): the deadline moves by HOLD_EXTEND_SECONDS and their other
 * sockets hear it; a second extension is refused. A hall may hold its wheelchair spaces back from general
 * sale until N hours before a session; the till may take them earlier. The scripts' "now" is the test's
 * ManualClock (lua/clock.lua), so expiry and the sale window are crossed without waiting.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { toCinemaTime } from '../../contract/time';
import { ManualClock } from '../../lib/infra/clock';
import { buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { holdSeats, useShop } from '../../testing/orders';
import { planOf } from '../../testing/plans';
import { request, socketPool } from '../../testing/seat-client';

const TTL_MS = 600_000;
const EXTEND_MS = 300_000;

describe('extending holds', () => {
  const clock = new ManualClock();
  const shop = useShop({ clock, env: { HOLD_TTL_SECONDS: '600', HOLD_EXTEND_SECONDS: '300' } });
  const tabs = socketPool(() => shop.t.url);
  beforeEach(() => clock.set(Date.now()));
  afterAll(() => tabs.closeAll());

  it('moves the deadline once, tells the holder’s other tabs, refuses a second time, and the seats last until the new deadline', async () => {
    const session = await buildSession(shop.t.ctx.db);
    const sessionId = session.id;
    const viewer = await shop.buyer();
    const watcher = await shop.buyer();
    const tab = await tabs.connect(viewer.token);
    await Promise.all([tab.join(sessionId), watcher.socket.join(sessionId)]);
    await holdSeats(viewer.socket, sessionId, ['r1m1', 'r1m2']);
    const { deadline } = await viewer.socket.join(sessionId);
    expect(deadline).toBe(clock.now().getTime() + TTL_MS);

    const ack = await request(viewer.socket, 'seats:extend', { sessionId });
    expect(ack).toMatchObject({ ok: true, deadline: deadline! + EXTEND_MS });
    const { version } = ack as { version: number };
    // The holder's other tab hears the new deadline; another viewer hears the version, nothing of it.
    expect(await tab.waitForDelta((d) => d.version === version)).toEqual({
      sessionId,
      version,
      changes: [],
      deadline: deadline! + EXTEND_MS,
    });
    expect(await watcher.socket.waitForDelta((d) => d.version === version)).toEqual({
      sessionId,
      version,
      changes: [],
    });

    expect(await request(viewer.socket, 'seats:extend', { sessionId })).toEqual({ ok: false, reason: 'extended' });
    expect(await request(tab, 'seats:extend', { sessionId })).toEqual({ ok: false, reason: 'extended' });
    expect(await tab.join(sessionId)).toMatchObject({
      mine: ['r1m1', 'r1m2'],
      deadline: deadline! + EXTEND_MS,
      extended: true,
    });

    // Past the first deadline the seats are still the viewer's; past the new one they are free.
    clock.set(deadline! + 1000);
    expect(await viewer.socket.join(sessionId)).toMatchObject({ mine: ['r1m1', 'r1m2'] });
    clock.set(deadline! + EXTEND_MS + 1);
    expect(await viewer.socket.join(sessionId)).toMatchObject({ mine: [], deadline: null, extended: false });

    // A new hold is a new hold: it may be extended once again.
    await holdSeats(viewer.socket, sessionId, ['r2m1']);
    expect(await request(viewer.socket, 'seats:extend', { sessionId })).toMatchObject({
      ok: true,
      deadline: clock.now().getTime() + TTL_MS + EXTEND_MS,
    });
  });

  it('refuses to extend without holds, for a guest, and after the start', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 5 });
    const viewer = await shop.buyer();
    expect(await request(viewer.socket, 'seats:extend', { sessionId: session.id })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const guest = await tabs.connect();
    expect(await request(guest, 'seats:extend', { sessionId: session.id })).toEqual({ ok: false, reason: 'auth' });

    await holdSeats(viewer.socket, session.id, ['r3m3']);
    clock.set(session.startTime.getTime());
    expect(await request(viewer.socket, 'seats:extend', { sessionId: session.id })).toEqual({
      ok: false,
      reason: 'past',
    });
  });
});

describe('wheelchair spaces held back from general sale', () => {
  const clock = new ManualClock();
  const shop = useShop({ clock });
  beforeEach(() => clock.set(Date.now()));

  it('refuses a viewer a wheelchair space until the hall’s window opens; the till takes it earlier; the plan and the session say when', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    const plan = {
      ...planOf(3, 6, { flags: { r1m1: { wheelchair: true }, r1m2: { companion: true } } }),
      wheelchair_hold_back_hours: 3,
    };
    const put = await shop.t.call('PUT /halls/:id/plan', { params: { id: hall.id }, body: plan }, admin.token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.wheelchair_hold_back_hours).toBe(3);

    const session = await buildSession(shop.t.ctx.db, { hallId: hall.id, startsInMinutes: 5 * 60 });
    const view = await shop.t.call('GET /seats/:sessionId', { params: { sessionId: session.id } });
    const opens = session.startTime.getTime() - 3 * 3600_000;
    expect(view.body.wheelchair_sale_from).toBe(toCinemaTime(new Date(opens)));

    const viewer = await shop.buyer();
    await viewer.socket.join(session.id);
    const hold = (socket: typeof viewer.socket, seat: string) =>
      request(socket, 'seats:hold', { sessionId: session.id, seat });
    expect(await hold(viewer.socket, 'r1m1')).toEqual({ ok: false, reason: 'held_back' });
    // The companion's seat beside it is on sale; 'Лучшие места' never picks a held-back space.
    expect(await hold(viewer.socket, 'r1m2')).toMatchObject({ ok: true });
    expect(await request(viewer.socket, 'seats:release', { sessionId: session.id, seat: 'r1m2' })).toMatchObject({
      ok: true,
    });

    // Whoever sells at the till may take it now (a wheelchair user buys at the counter or by phone).
    const cashier = await shop.buyer({ role: 'cashier' });
    await cashier.socket.join(session.id);
    expect(await hold(cashier.socket, 'r1m1')).toMatchObject({ ok: true });
    expect(await request(cashier.socket, 'seats:release-all', { sessionId: session.id })).toMatchObject({ ok: true });

    // One minute before the window the viewer is still refused; from it on the space is theirs to take.
    clock.set(opens - 60_000);
    expect(await hold(viewer.socket, 'r1m1')).toEqual({ ok: false, reason: 'held_back' });
    clock.set(opens);
    expect(await hold(viewer.socket, 'r1m1')).toMatchObject({ ok: true });
  });

  it("leaves held-back spaces out of 'Лучшие места' until the window opens", async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    const body = {
      ...planOf(1, 3, {
        flags: { r1m1: { wheelchair: true }, r1m2: { wheelchair: true }, r1m3: { wheelchair: true } },
      }),
      wheelchair_hold_back_hours: 2,
    };
    expect((await shop.t.call('PUT /halls/:id/plan', { params: { id: hall.id }, body }, admin.token)).status).toBe(200);
    const session = await buildSession(shop.t.ctx.db, { hallId: hall.id, startsInMinutes: 4 * 60 });
    const viewer = await shop.buyer();
    expect(await request(viewer.socket, 'seats:best', { sessionId: session.id, count: 1 })).toEqual({
      ok: false,
      reason: 'none',
    });
    clock.set(session.startTime.getTime() - 2 * 3600_000);
    expect(await request(viewer.socket, 'seats:best', { sessionId: session.id, count: 1 })).toMatchObject({
      ok: true,
    });
  });

  it('refuses a hold-back outside 1–168 hours as bad input', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    for (const hours of [0, 169, 1.5]) {
      const body = { ...planOf(1, 3), wheelchair_hold_back_hours: hours };
      const res = await shop.t.call('PUT /halls/:id/plan', { params: { id: hall.id }, body }, admin.token);
      expect(res.status).toBe(400);
      expect(Object.keys((res.body.error.details as { fields: object }).fields)).toContain(
        'wheelchair_hold_back_hours',
      );
    }
  });
});
