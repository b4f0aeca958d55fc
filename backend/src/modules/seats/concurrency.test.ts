/**
 * The seat protocol under overlapping requests and bursts from many sockets, on two API processes
 * sharing one Redis: each socket watches exactly the hall of its last successful join, and gets
 * every change after its snapshot once, in version order, whichever process or route made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatSnapshot } from '../../contract/seats';
import { startApi, type RunningApi } from '../../server';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { purchase } from '../../testing/orders';
import { deltasAfter, replay, request, socketPool, type SeatClient } from '../../testing/seat-client';
import { SeatStore } from './store';
import { quietFor } from '../../testing/wait';

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const SEATS = ['r1m1', 'r1m2', 'r1m3', 'r1m4', 'r2m1', 'r2m2', 'r2m3', 'r2m4', 'r3m1', 'r3m2'];

let t: TestApi;
let second: RunningApi;
let store: SeatStore;
const sockets = socketPool(() => t.url);
beforeAll(async () => {
  t = await startTestApi();
  // A second API process: its own Socket.IO server, adapter and seat feed subscription.
  second = await startApi(t.ctx, 0, '127.0.0.1');
  store = new SeatStore(t.ctx);
});
afterAll(async () => {
  sockets.closeAll();
  await second.close();
  await t.close();
});

const session = async () => (await buildSession(t.ctx.db, { startsInMinutes: 120 })).id;
const viewer = async () => buildSignedInUser(t.ctx);

/** Waits until the client has the change of this version of the session. */
const reach = (client: SeatClient, sessionId: number, version: number) =>
  client.waitForDelta((d) => d.sessionId === sessionId && d.version >= version);

/** Every change after the snapshot, once, in order, up to `version`; and they add up to `expected`. */
function expectExactFeed(
  client: SeatClient,
  snapshot: SeatSnapshot,
  version: number,
  expected: Pick<SeatSnapshot, 'sold' | 'held' | 'mine'>,
) {
  const deltas = deltasAfter(client, snapshot);
  const versions = deltas.map((d) => d.version);
  expect(versions).toEqual(Array.from({ length: version - snapshot.version }, (_, i) => snapshot.version + 1 + i));
  const { sold, held, mine } = expected;
  expect(replay(snapshot, deltas)).toEqual({ sold, held, mine });
}

describe('joins and leaves of one socket', () => {
  it('keeps a socket in the hall of its last successful join when joins, refused joins and leaves overlap', async () => {
    const halls = [await session(), await session(), await session()];
    const holders = await Promise.all(halls.map(async () => sockets.connect((await viewer()).token)));
    const watchers = await Promise.all(Array.from({ length: 12 }, async () => sockets.connect((await viewer()).token)));

    // Each socket sends a burst of joins (some refused: no such session, malformed) and leaves at
    // once, without waiting for the answers, while the holder changes every hall.
    type Op = { event: 'seats:join' | 'seats:leave'; sessionId: number };
    const ops = new Map<SeatClient, Op[]>();
    for (const w of watchers) {
      ops.set(
        w,
        Array.from({ length: 10 }, () => ({
          event: Math.random() < 0.7 ? 'seats:join' : 'seats:leave',
          sessionId: Math.random() < 0.2 ? 987_654 : pick(halls),
        })),
      );
    }
    const traffic = Promise.all(
      halls.flatMap((s, i) =>
        SEATS.slice(0, 4).map((seat) => request(holders[i]!, 'seats:hold', { sessionId: s, seat })),
      ),
    );
    const answers = await Promise.all(
      watchers.map((w) => Promise.all(ops.get(w)!.map((op) => request(w, op.event, { sessionId: op.sessionId })))),
    );
    await traffic;

    // What each socket must watch: its last successful join, unless it left that hall since.
    const expected = watchers.map((w, i) => {
      let hall: number | undefined;
      let snapshot: SeatSnapshot | undefined;
      ops.get(w)!.forEach((op, j) => {
        const answer = answers[i]![j]!;
        if (op.event === 'seats:join') {
          expect(answer.ok).toBe(op.sessionId !== 987_654);
          if (answer.ok && 'snapshot' in answer) [hall, snapshot] = [op.sessionId, answer.snapshot];
        } else {
          expect(answer).toEqual({ ok: true });
          if (op.sessionId === hall) [hall, snapshot] = [undefined, undefined];
        }
      });
      return { hall, snapshot };
    });

    // A new change in every hall: each socket hears exactly its own hall's, and nothing it missed.
    const marks = await Promise.all(
      halls.map((s, i) => request(holders[i]!, 'seats:release-all', { sessionId: s }).then((a) => a.ok && a.version)),
    );
    const last = new Map(halls.map((s, i) => [s, marks[i] as number]));
    await Promise.all(
      watchers.map(async (w, i) => {
        const { hall, snapshot } = expected[i]!;
        if (hall === undefined) return;
        await reach(w, hall, last.get(hall)!);
        expectExactFeed(w, snapshot!, last.get(hall)!, await store.snapshot(hall, undefined));
      }),
    );
    // Give stray frames of other halls the time to (wrongly) arrive.
    await quietFor(300);
    watchers.forEach((w, i) => {
      const { hall, snapshot } = expected[i]!;
      const settled = (d: { sessionId: number; version: number }) => d.version === last.get(d.sessionId);
      expect(w.deltas.filter(settled).map((d) => d.sessionId)).toEqual(hall === undefined ? [] : [hall]);
      if (snapshot) expect(deltasAfter(w, snapshot).at(-1)?.version).toBe(last.get(hall!));
    });
  });

  it('leaves a socket watching its hall when a join that overlaps it is refused', async () => {
    const s = await session();
    const holder = await sockets.connect((await viewer()).token);
    const ann = await sockets.connect((await viewer()).token);
    const [joined, refused, malformed] = await Promise.all([
      request(ann, 'seats:join', { sessionId: s }),
      request(ann, 'seats:join', { sessionId: 987_654 }),
      request(ann, 'seats:join', { sessionId: -1 }),
    ]);
    expect(refused).toEqual({ ok: false, reason: 'invalid' });
    expect(malformed).toEqual({ ok: false, reason: 'invalid' });
    if (!joined.ok) throw new Error('join refused');
    const held = await request(holder, 'seats:hold', { sessionId: s, seat: 'r4m4' });
    if (!held.ok) throw new Error('hold refused');
    await reach(ann, s, held.version);
    expectExactFeed(ann, joined.snapshot, held.version, await store.snapshot(s, undefined));
  });
});

describe('version order across two API processes', () => {
  it('brings every socket, on either process, every change once and in order during bursts of holds, releases and purchases on both', async () => {
    const s = await buildSession(t.ctx.db, { startsInMinutes: 120 });
    const urls = [t.url, second.url];
    // Six viewers per process acting, a guest on each watching, and one person with a tab on each.
    const actors = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const { user, token } = await viewer();
        return { user, token, socket: await sockets.connect(token, urls[i % 2]) };
      }),
    );
    const guests = await Promise.all(urls.map((url) => sockets.connect(undefined, url)));
    const twoTabs = await viewer();
    const tabs = await Promise.all(urls.map((url) => sockets.connect(twoTabs.token, url)));
    const everyone = [...actors.map((a) => a.socket), ...guests, ...tabs];
    const snapshots = await Promise.all(everyone.map((c) => c.join(s.id)));

    const buy = async (actor: (typeof actors)[number], url: string, seats: string[]) => {
      const taken = await Promise.all(
        seats.map((seat) => request(actor.socket, 'seats:hold', { sessionId: s.id, seat })),
      );
      const mine = seats.filter((_, i) => taken[i]!.ok);
      if (mine.length === 0) return;
      await purchase(url, actor.token, s, mine);
    };
    const churn = async (actor: (typeof actors)[number]) => {
      for (let round = 0; round < 3; round++) {
        const seats = [pick(SEATS), pick(SEATS), pick(SEATS)];
        await Promise.all(
          seats.map(async (seat) => {
            const held = await request(actor.socket, 'seats:hold', { sessionId: s.id, seat });
            if (held.ok) await request(actor.socket, 'seats:release', { sessionId: s.id, seat });
          }),
        );
      }
    };
    await Promise.all([
      ...actors.slice(0, 8).map(churn),
      // Purchases through either process, for seats others are fighting over.
      ...actors.slice(8).map((a, i) => buy(a, urls[i % 2]!, [SEATS[i]!, SEATS[i + 4]!, `r9m${i + 1}`])),
      request(tabs[0]!, 'seats:hold', { sessionId: s.id, seat: 'r10m1' }),
      request(tabs[1]!, 'seats:hold', { sessionId: s.id, seat: 'r10m2' }),
    ]);

    const final = await store.snapshot(s.id, undefined);
    expect(final.sold.length).toBeGreaterThan(0);
    await Promise.all(everyone.map((c) => reach(c, s.id, final.version)));
    for (const [i, client] of everyone.entries()) {
      const userId = i < actors.length ? actors[i]!.user.id : i >= actors.length + 2 ? twoTabs.user.id : undefined;
      const { sold, held, mine } = await store.snapshot(s.id, userId);
      expectExactFeed(client, snapshots[i]!, final.version, { sold, held, mine });
    }
    // Both tabs of one person show both of their seats as theirs, whichever process took them.
    tabs.forEach((tab, i) => {
      const snapshot = snapshots[actors.length + guests.length + i]!;
      expect(replay(snapshot, deltasAfter(tab, snapshot)).mine).toEqual(['r10m1', 'r10m2']);
    });
  });
});
