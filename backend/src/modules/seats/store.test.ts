/** The hold scripts' rules, straight against Redis (no sockets), and the feed they publish on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession, buildUser, buildTicket } from '../../testing/factories';
import { ManualClock } from '../../lib/infra/clock';
import { createTestContext, type TestContext } from '../../testing/harness';
import { until } from '../../testing/wait';
import type { FeedDelta } from '../../realtime/fanout';
import { subscribeSeatFeed, type SeatFeed } from '../../realtime/seat-feed';
import { SeatStore } from './store';
import { sweepExpiredHolds } from './sweeper';

/** Everything published on the seat feed, as an API process hears it. */
async function listen(ctx: TestContext): Promise<{ heard: FeedDelta[]; feed: SeatFeed }> {
  const heard: FeedDelta[] = [];
  const feed = await subscribeSeatFeed(
    ctx,
    (delta) => heard.push(delta),
    () => undefined,
  );
  return { heard, feed };
}
/** Waits until the feed has carried a change of this version (a PUBLISH reaches the subscriber after the script's answer). */
async function heardUpTo(heard: FeedDelta[], version: number) {
  await until(() => heard.some((d) => d.version >= version), 5000, `the feed never carried version ${version}`);
}

describe('hold rules', () => {
  const clock = new ManualClock();
  let ctx: TestContext;
  let store: SeatStore;
  let ann: number;
  let bob: number;
  beforeAll(async () => {
    ctx = await createTestContext({ clock });
    store = new SeatStore(ctx);
    ann = (await buildUser(ctx.db)).id;
    bob = (await buildUser(ctx.db)).id;
  });
  afterAll(() => ctx.close());

  const newSession = async (startsInMinutes = 120) => (await buildSession(ctx.db, { startsInMinutes })).id;

  it('takes a free seat, starts the deadline and numbers the change', async () => {
    const s = await newSession();
    const before = await store.snapshot(s, ann);
    const held = await store.hold(s, ann, 'r3m5');
    expect(held).toMatchObject({
      status: 'ok',
      version: before.version + 1,
      changes: [{ seat: 'r3m5', state: 'held' }],
    });
    expect(held.deadline).toBe(held.now + ctx.config.holdTtlSeconds * 1000);
    expect(await store.snapshot(s, ann)).toMatchObject({ mine: ['r3m5'], held: [], deadline: held.deadline });
    expect(await store.snapshot(s, bob)).toMatchObject({ mine: [], held: ['r3m5'], deadline: null });
  });

  it.each(['r0m1', 'r11m1', 'r1m0', 'r1m12', 'r01m1', 'r1m1x', 'x', ''])(
    'refuses the seat code "%s" as invalid',
    async (seat) => {
      const s = await newSession();
      expect((await store.hold(s, ann, seat)).status).toBe('invalid');
    },
  );

  it('refuses a session that has started as past', async () => {
    const s = await newSession(-1);
    expect((await store.hold(s, ann, 'r1m1')).status).toBe('past');
  });

  it('refuses a session that does not exist as missing', async () => {
    expect((await store.hold(999_999, ann, 'r1m1')).status).toBe('missing');
  });

  it('refuses a seat sold in the database as taken', async () => {
    const s = await newSession();
    await buildTicket(ctx.db, { sessionId: s, userId: bob, seatNumber: 'r2m2' });
    expect((await store.hold(s, ann, 'r2m2')).status).toBe('taken');
    expect((await store.snapshot(s, ann)).sold).toEqual(['r2m2']);
  });

  it("refuses another viewer's seat as taken; holding one's own again changes nothing", async () => {
    const s = await newSession();
    const first = await store.hold(s, ann, 'r4m4');
    expect((await store.hold(s, bob, 'r4m4')).status).toBe('taken');
    const again = await store.hold(s, ann, 'r4m4');
    expect(again).toMatchObject({ status: 'ok', version: first.version, changes: [], deadline: first.deadline });
  });

  it('refuses a seventh seat as limit, counting per session', async () => {
    const s = await newSession();
    const other = await newSession();
    for (let place = 1; place <= 6; place++) expect((await store.hold(s, ann, `r5m${place}`)).status).toBe('ok');
    expect((await store.hold(s, ann, 'r5m7')).status).toBe('limit');
    expect((await store.hold(other, ann, 'r5m7')).status).toBe('ok');
    await store.release(s, ann, 'r5m1');
    expect((await store.hold(s, ann, 'r5m7')).status).toBe('ok');
  });

  it('keeps one deadline for all seats of a viewer, from the first seat', async () => {
    const s = await newSession();
    const first = await store.hold(s, ann, 'r6m1');
    clock.advance(20);
    const second = await store.hold(s, ann, 'r6m2');
    expect(second.deadline).toBe(first.deadline);
  });

  it('releases one seat or all, and releasing a seat one does not hold changes nothing', async () => {
    const s = await newSession();
    await store.hold(s, ann, 'r7m1');
    await store.hold(s, ann, 'r7m2');
    await store.hold(s, bob, 'r7m3');
    expect(await store.release(s, ann, 'r7m3')).toMatchObject({ status: 'ok', changes: [] });
    expect(await store.release(s, ann, 'r7m1')).toMatchObject({ changes: [{ seat: 'r7m1', state: 'free' }] });
    const all = await store.release(s, ann);
    expect(all).toMatchObject({ changes: [{ seat: 'r7m2', state: 'free' }], deadline: null });
    expect(await store.snapshot(s, bob)).toMatchObject({ mine: ['r7m3'], held: [] });
  });

  it('sells seats: they leave the holds, join the sold, and the buyer has no deadline left', async () => {
    const s = await newSession();
    await store.hold(s, ann, 'r8m1');
    await store.hold(s, ann, 'r8m2');
    expect(await store.check(s, ann, ['r8m1', 'r8m2'])).toMatchObject({ status: 'ok' });
    const sold = await store.sell(s, ['r8m1', 'r8m2']);
    expect(sold.changes).toEqual([
      { seat: 'r8m1', state: 'sold' },
      { seat: 'r8m2', state: 'sold' },
    ]);
    expect(await store.snapshot(s, ann)).toMatchObject({ sold: ['r8m1', 'r8m2'].sort(), mine: [], deadline: null });
    expect((await store.hold(s, bob, 'r8m1')).status).toBe('taken');
  });

  it('frees seats sold and then refunded, and changes nothing for seats that were not sold', async () => {
    const s = await newSession();
    await store.sell(s, ['r8m3', 'r8m4']);
    const freed = await store.unsell(s, ['r8m3', 'r8m5']);
    expect(freed.changes).toEqual([{ seat: 'r8m3', state: 'free' }]);
    expect((await store.snapshot(s, ann)).sold).toEqual(['r8m4']);
    expect((await store.hold(s, bob, 'r8m3')).status).toBe('ok');
    expect(await store.unsell(s, ['r8m5'])).toMatchObject({ changes: [], version: freed.version + 1 });
  });

  it('gives seats of an unpaid counter order back to the cashier: held for them, not free for others', async () => {
    const s = await newSession();
    await store.sell(s, ['r8m3', 'r8m4']);
    const back = await store.unsell(s, ['r8m3', 'r8m4'], ann);
    expect(back.changes).toEqual([
      { seat: 'r8m3', state: 'held' },
      { seat: 'r8m4', state: 'held' },
    ]);
    const seen = await store.snapshot(s, ann);
    expect(seen.sold).toEqual([]);
    expect(seen.mine.toSorted()).toEqual(['r8m3', 'r8m4']);
    expect(seen.deadline).toBeGreaterThan(seen.now);
    expect((await store.hold(s, bob, 'r8m3')).status).toBe('taken');
    expect((await store.check(s, ann, ['r8m3', 'r8m4'])).status).toBe('ok');
  });

  it('checks a purchase: taken by another, not held (expired), or fine', async () => {
    const s = await newSession();
    await store.hold(s, ann, 'r9m1');
    await store.hold(s, bob, 'r9m2');
    expect(await store.check(s, ann, ['r9m1', 'r9m2'])).toMatchObject({ status: 'taken', seat: 'r9m2' });
    expect(await store.check(s, ann, ['r9m1', 'r9m3'])).toMatchObject({ status: 'expired', seat: 'r9m3' });
    expect((await store.check(s, ann, ['r9m1'])).status).toBe('ok');
  });

  it('numbers every change once, in order', async () => {
    const s = await newSession();
    const { version } = await store.snapshot(s, undefined);
    const results = [
      await store.hold(s, ann, 'r10m1'),
      await store.hold(s, bob, 'r10m2'),
      await store.hold(s, bob, 'r10m1'),
      await store.release(s, ann, 'r10m1'),
      await store.sell(s, ['r10m2']),
    ];
    expect(results.map((r) => r.version)).toEqual([version + 1, version + 2, version + 2, version + 3, version + 4]);
  });
});

describe('hold expiry (1 second holds)', () => {
  // The scripts take "now" from the injected clock: a hold expires when the test moves it on.
  const clock = new ManualClock();
  let ctx: TestContext;
  let store: SeatStore;
  let ann: number;
  let bob: number;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOLD_TTL_SECONDS: '1' }, clock });
    store = new SeatStore(ctx);
    ann = (await buildUser(ctx.db)).id;
    bob = (await buildUser(ctx.db)).id;
  });
  afterAll(() => ctx.close());

  it('frees every seat of a viewer together once the deadline passes, whoever touches the session first', async () => {
    const s = (await buildSession(ctx.db)).id;
    await store.hold(s, ann, 'r1m1');
    await store.hold(s, ann, 'r1m2');
    clock.advance(1100);
    const taken = await store.hold(s, bob, 'r1m1');
    expect(taken.status).toBe('ok');
    expect(taken.changes).toEqual(
      expect.arrayContaining([
        { seat: 'r1m1', state: 'free' },
        { seat: 'r1m2', state: 'free' },
        { seat: 'r1m1', state: 'held' },
      ]),
    );
    expect(await store.check(s, ann, ['r1m2'])).toMatchObject({ status: 'expired' });
  });

  it('lets the sweeper free due holds exactly once, however many sweep', async () => {
    const s = (await buildSession(ctx.db)).id;
    await store.hold(s, ann, 'r2m1');
    await store.hold(s, bob, 'r2m2');
    clock.advance(1100);
    const { heard, feed } = await listen(ctx);
    await Promise.all([sweepExpiredHolds(store), sweepExpiredHolds(store)]);
    expect(await sweepExpiredHolds(store)).toBe(0);
    const { version } = await store.snapshot(s, undefined);
    await heardUpTo(heard, version);
    const changes = heard.filter((delta) => delta.sessionId === s).flatMap((delta) => delta.changes);
    expect(changes.toSorted((x, y) => x.seat.localeCompare(y.seat))).toEqual([
      { seat: 'r2m1', state: 'free' },
      { seat: 'r2m2', state: 'free' },
    ]);
    expect(await store.snapshot(s, undefined)).toMatchObject({ held: [], mine: [] });
    await feed.close();
  });

  it('starts a new deadline when a viewer takes a seat again after expiry', async () => {
    const s = (await buildSession(ctx.db)).id;
    const first = await store.hold(s, ann, 'r3m1');
    clock.advance(1100);
    const again = await store.hold(s, ann, 'r3m1');
    expect(again.status).toBe('ok');
    expect(again.deadline).toBeGreaterThan(first.deadline!);
  });
});

describe('the seat feed', () => {
  let ctx: TestContext;
  let store: SeatStore;
  beforeAll(async () => {
    ctx = await createTestContext();
    store = new SeatStore(ctx);
  });
  afterAll(() => ctx.close());

  it('carries every change once, in version order, a hold naming its holder and deadline', async () => {
    const s = (await buildSession(ctx.db)).id;
    const [ann, bob] = [(await buildUser(ctx.db)).id, (await buildUser(ctx.db)).id];
    const { heard, feed } = await listen(ctx);
    const { version } = await store.snapshot(s, undefined);
    // Concurrent calls: the order is Redis', whatever order the answers come back in.
    const results = await Promise.all([
      store.hold(s, ann, 'r1m1'),
      store.hold(s, bob, 'r1m2'),
      store.hold(s, bob, 'r1m1'),
      store.release(s, ann, 'r1m5'),
      store.sell(s, ['r2m1']),
      store.hold(s, ann, 'r1m3'),
    ]);
    const last = Math.max(...results.map((r) => r.version));
    expect(last).toBe(version + 4);
    await heardUpTo(heard, last);
    expect(heard.map((d) => d.version)).toEqual([version + 1, version + 2, version + 3, version + 4]);
    for (const result of results.filter((r) => r.changes.length > 0)) {
      const delta = heard.find((d) => d.version === result.version);
      expect(delta).toMatchObject({ sessionId: s, changes: result.changes });
    }
    const annHold = heard.find((d) => d.changes.some((c) => c.seat === 'r1m1' && c.state === 'held'));
    expect(annHold).toMatchObject({ holder: ann, deadline: results[0]!.deadline });
    expect(heard.find((d) => d.changes.some((c) => c.state === 'sold'))).not.toHaveProperty('holder');
    await feed.close();
  });
});
