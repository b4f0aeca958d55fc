/** Live seat selection over real sockets: rooms, snapshots, deltas, limits, expiry, several API processes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { request, says, socketPool } from '../../testing/seat-client';
import { startApi, type RunningApi } from '../../server';
import { quietFor } from '../../testing/wait';

describe('seat rooms', () => {
  let t: TestApi;
  const sockets = socketPool(() => t.url);
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  const viewer = async () => (await buildSignedInUser(t.ctx)).token;
  const session = async (startsInMinutes = 120) => (await buildSession(t.ctx.db, { startsInMinutes })).id;

  it("shows two viewers each other's holds live, and the holder's other tab its own", async () => {
    const s = await session();
    const annToken = await viewer();
    const ann = await sockets.connect(annToken);
    const annTab = await sockets.connect(annToken);
    const bob = await sockets.connect(await viewer());
    const guest = await sockets.connect();
    const start = await ann.join(s);
    await Promise.all([annTab.join(s), bob.join(s), guest.join(s)]);

    const ack = await request(ann, 'seats:hold', { sessionId: s, seat: 'r3m5' });
    expect(ack).toMatchObject({ ok: true, version: start.version + 1 });
    const seenByBob = await bob.waitForDelta(says('r3m5', 'held'));
    expect(seenByBob).toEqual({ sessionId: s, version: start.version + 1, changes: [{ seat: 'r3m5', state: 'held' }] });
    await guest.waitForDelta(says('r3m5', 'held'));
    const seenByTab = await annTab.waitForDelta(says('r3m5', 'mine'));
    expect(seenByTab.deadline).toBe(ack.ok && ack.deadline);

    expect(await request(bob, 'seats:hold', { sessionId: s, seat: 'r3m5' })).toEqual({ ok: false, reason: 'taken' });
    expect((await request(bob, 'seats:hold', { sessionId: s, seat: 'r3m6' })).ok).toBe(true);
    await ann.waitForDelta(says('r3m6', 'held'));

    expect((await request(ann, 'seats:release', { sessionId: s, seat: 'r3m5' })).ok).toBe(true);
    await bob.waitForDelta(says('r3m5', 'free'));
    expect(await bob.join(s)).toMatchObject({ held: [], mine: ['r3m6'] });
  });

  it('answers a late joiner with a snapshot of sold, held and own seats', async () => {
    const s = await session();
    const token = await viewer();
    const ann = await sockets.connect(token);
    await ann.join(s);
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r1m1' });
    const bob = await sockets.connect(await viewer());
    expect(await bob.join(s)).toMatchObject({ sessionId: s, sold: [], held: ['r1m1'], mine: [], deadline: null });
    const again = await sockets.connect(token);
    expect(await again.join(s)).toMatchObject({ held: [], mine: ['r1m1'], deadline: expect.any(Number) });
  });

  it('lets a guest watch but not hold (auth)', async () => {
    const s = await session();
    const guest = await sockets.connect();
    expect(await guest.join(s)).toMatchObject({ sold: [], held: [] });
    expect(await request(guest, 'seats:hold', { sessionId: s, seat: 'r1m1' })).toEqual({ ok: false, reason: 'auth' });
    const forged = await sockets.connect('forged.token');
    expect(await request(forged, 'seats:hold', { sessionId: s, seat: 'r1m1' })).toEqual({ ok: false, reason: 'auth' });
  });

  it('refuses a seventh seat (limit) and tells nobody about it', async () => {
    const s = await session();
    const ann = await sockets.connect(await viewer());
    const bob = await sockets.connect(await viewer());
    await Promise.all([ann.join(s), bob.join(s)]);
    for (let place = 1; place <= 6; place++) {
      expect((await request(ann, 'seats:hold', { sessionId: s, seat: `r2m${place}` })).ok).toBe(true);
    }
    expect(await request(ann, 'seats:hold', { sessionId: s, seat: 'r2m7' })).toEqual({ ok: false, reason: 'limit' });
    await bob.waitForDelta(says('r2m6', 'held'));
    expect(bob.deltas.some(says('r2m7', 'held'))).toBe(false);
    expect(await bob.join(s)).toMatchObject({ held: ['r2m1', 'r2m2', 'r2m3', 'r2m4', 'r2m5', 'r2m6'] });
  });

  it('refuses a session that has started (past)', async () => {
    const s = await session(-5);
    const ann = await sockets.connect(await viewer());
    await ann.join(s);
    expect(await request(ann, 'seats:hold', { sessionId: s, seat: 'r1m1' })).toEqual({ ok: false, reason: 'past' });
  });

  it('refuses unknown sessions, seats outside the hall and malformed payloads (invalid)', async () => {
    const s = await session();
    const ann = await sockets.connect(await viewer());
    expect(await request(ann, 'seats:join', { sessionId: 987_654 })).toEqual({ ok: false, reason: 'invalid' });
    expect(await request(ann, 'seats:hold', { sessionId: s, seat: 'r11m1' })).toEqual({ ok: false, reason: 'invalid' });
    const bad = { sessionId: 'one' } as unknown as { sessionId: number };
    expect(await request(ann, 'seats:join', bad)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps holds through a reconnect, with the same deadline', async () => {
    const s = await session();
    const token = await viewer();
    const first = await sockets.connect(token);
    await first.join(s);
    const ack = await request(first, 'seats:hold', { sessionId: s, seat: 'r4m4' });
    first.disconnect();
    const second = await sockets.connect(token);
    const snapshot = await second.join(s);
    expect(snapshot.mine).toEqual(['r4m4']);
    expect(snapshot.deadline).toBe(ack.ok && ack.deadline);
  });

  it('frees all of a viewer’s seats on release-all and tells the room', async () => {
    const s = await session();
    const ann = await sockets.connect(await viewer());
    const bob = await sockets.connect(await viewer());
    await Promise.all([ann.join(s), bob.join(s)]);
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r6m1' });
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r6m2' });
    expect(await request(ann, 'seats:release-all', { sessionId: s })).toMatchObject({ ok: true, deadline: null });
    const freed = await bob.waitForDelta((d) => says('r6m1', 'free')(d) && says('r6m2', 'free')(d));
    expect(freed.changes).toHaveLength(2);
  });

  it('stops sending a hall’s changes to a socket that left it or joined another', async () => {
    const [s1, s2] = [await session(), await session()];
    const ann = await sockets.connect(await viewer());
    const bob = await sockets.connect(await viewer());
    await Promise.all([ann.join(s1), bob.join(s1)]);
    await bob.join(s2);
    await request(ann, 'seats:hold', { sessionId: s1, seat: 'r7m1' });
    await request(ann, 'seats:hold', { sessionId: s2, seat: 'r7m2' });
    await bob.waitForDelta(says('r7m2', 'held'));
    expect(bob.deltas.some((d) => d.sessionId === s1)).toBe(false);
  });
});

describe('two API processes sharing rooms through the Redis adapter (1 second holds)', () => {
  let t: TestApi;
  let second: RunningApi;
  const sockets = socketPool(() => t.url);
  beforeAll(async () => {
    t = await startTestApi({ env: { HOLD_TTL_SECONDS: '1' } });
    // A second Socket.IO server with its own adapter and Redis connections, as another process has.
    second = await startApi(t.ctx, 0, '127.0.0.1');
  });
  afterAll(async () => {
    sockets.closeAll();
    await second.close();
    await t.close();
  });

  it('frees expired seats and tells every viewer once, though both processes sweep', async () => {
    const s = (await buildSession(t.ctx.db)).id;
    const ann = await sockets.connect((await buildSignedInUser(t.ctx)).token);
    const bob = await sockets.connect((await buildSignedInUser(t.ctx)).token, second.url);
    await Promise.all([ann.join(s), bob.join(s)]);
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r1m1' });
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r1m2' });
    const freed = await bob.waitForDelta(says('r1m1', 'free'), 5000);
    expect(freed.changes).toEqual([
      { seat: 'r1m1', state: 'free' },
      { seat: 'r1m2', state: 'free' },
    ]);
    await ann.waitForDelta(says('r1m1', 'free'));
    // Both processes sweep every 250 ms; give them time to (wrongly) broadcast twice.
    await quietFor(1000);
    for (const viewer of [ann, bob]) expect(viewer.deltas.filter(says('r1m1', 'free'))).toHaveLength(1);
    expect(await bob.join(s)).toMatchObject({ held: [], mine: [] });
  });

  it('delivers a hold made through process A to a viewer connected to process B, and back', async () => {
    const s = (await buildSession(t.ctx.db)).id;
    const annToken = (await buildSignedInUser(t.ctx)).token;
    const ann = await sockets.connect(annToken, t.url);
    const annOnB = await sockets.connect(annToken, second.url);
    const bob = await sockets.connect((await buildSignedInUser(t.ctx)).token, second.url);
    await Promise.all([ann.join(s), annOnB.join(s), bob.join(s)]);
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r9m9' });
    await bob.waitForDelta(says('r9m9', 'held'));
    await annOnB.waitForDelta(says('r9m9', 'mine'));
    await request(bob, 'seats:hold', { sessionId: s, seat: 'r9m10' });
    await ann.waitForDelta(says('r9m10', 'held'));
  });
});
