/**
 * What a live socket may not outlast or outgrow: its token (logout, expiry), its share of hold
 * requests, and the memory the server spends on it when it does not read. And a feed connection
 * lost: the watchers are made to start over rather than silently miss changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatDelta } from '../../contract/seats';
import { MAX_HOLDS_PER_SECOND } from '../../contract/constants';
import { connectRedis } from '../../lib/infra/redis';
import { issueToken } from '../auth/tokens';
import { startApi, type RunningApi } from '../../server';
import { buildSession, buildSignedInUser, buildUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { request, says, socketPool, type SeatClient } from '../../testing/seat-client';
import { MAX_UNSENT_BYTES } from '../../realtime/fanout';
import { seatFeedConnectionName } from '../../realtime/seat-feed';
import { SeatStore } from './store';
import { until } from '../../testing/wait';

const disconnected = (client: SeatClient) =>
  new Promise<string>((resolve) => (client.disconnected ? resolve('already') : client.once('disconnect', resolve)));

let t: TestApi;
let second: RunningApi;
let store: SeatStore;
const sockets = socketPool(() => t.url);
beforeAll(async () => {
  t = await startTestApi();
  second = await startApi(t.ctx, 0, '127.0.0.1');
  store = new SeatStore(t.ctx);
});
afterAll(async () => {
  sockets.closeAll();
  await second.close();
  await t.close();
});
const session = async () => (await buildSession(t.ctx.db, { startsInMinutes: 120 })).id;

describe('a revoked or expired token on live sockets', () => {
  it('disconnects every socket of a token on logout, on every process, while its other tokens and other people go on', async () => {
    const s = await session();
    const { user, token } = await buildSignedInUser(t.ctx);
    const otherDevice = await issueToken(t.ctx, user.id);
    const revoked = await Promise.all([t.url, second.url, t.url, second.url].map((url) => sockets.connect(token, url)));
    const kept = await sockets.connect(otherDevice, second.url);
    const bob = await sockets.connect((await buildSignedInUser(t.ctx)).token);
    await Promise.all([...revoked, kept, bob].map((c) => c.join(s)));
    const ends = revoked.map(disconnected);

    // The token's sockets ask for seats while it is revoked (four: the person may hold two more).
    const burst = revoked.map((c, i) =>
      request(c, 'seats:hold', { sessionId: s, seat: `r${i + 1}m1` }).catch(() => null),
    );
    expect((await t.fetch('/api/logout', { token })).status).toBe(200);
    expect(await Promise.all(ends)).toEqual(revoked.map(() => 'io server disconnect'));
    await Promise.all(burst);

    expect(await request(kept, 'seats:hold', { sessionId: s, seat: 'r8m1' })).toMatchObject({ ok: true });
    expect((await request(bob, 'seats:hold', { sessionId: s, seat: 'r8m2' })).ok).toBe(true);
    const again = await sockets.connect(token, second.url);
    expect(await request(again, 'seats:hold', { sessionId: s, seat: 'r8m3' })).toEqual({ ok: false, reason: 'auth' });
  });

  it('disconnects a socket when its token expires, and a socket opened with it afterwards is a guest', async () => {
    const s = await session();
    const user = await buildUser(t.ctx.db);
    // Tokens are issued for whole seconds: this one ends within the next two.
    const token = await issueToken({ ...t.ctx, config: { ...t.ctx.config, tokenTtlSeconds: 2 } }, user.id);
    const ann = await sockets.connect(token, second.url);
    await ann.join(s);
    const end = disconnected(ann);
    expect(await end).toBe('io server disconnect');
    const later = await sockets.connect(token);
    expect(await request(later, 'seats:hold', { sessionId: s, seat: 'r1m1' })).toEqual({ ok: false, reason: 'auth' });
  });
});

describe('hold requests per socket', () => {
  it(`refuses holds beyond ${MAX_HOLDS_PER_SECOND} a second from one socket as rate, without touching other sockets`, async () => {
    const s = await session();
    const ann = await sockets.connect((await buildSignedInUser(t.ctx)).token);
    const bob = await sockets.connect((await buildSignedInUser(t.ctx)).token);
    const seats = Array.from(
      { length: 3 * MAX_HOLDS_PER_SECOND },
      (_, i) => `r${Math.floor(i / 11) + 1}m${(i % 11) + 1}`,
    );
    const answers = await Promise.all(seats.map((seat) => request(ann, 'seats:hold', { sessionId: s, seat })));
    const reasons = answers.map((a) => (a.ok ? 'ok' : a.reason));
    // The first ones in order are served (six seats, then the per-purchase limit); the rest are refused.
    expect(reasons.slice(0, MAX_HOLDS_PER_SECOND)).toEqual([
      ...Array<string>(6).fill('ok'),
      ...Array<string>(MAX_HOLDS_PER_SECOND - 6).fill('limit'),
    ]);
    expect(reasons.filter((r) => r === 'rate').length).toBeGreaterThanOrEqual(MAX_HOLDS_PER_SECOND);
    expect(await request(bob, 'seats:hold', { sessionId: s, seat: 'r10m1' })).toMatchObject({ ok: true });
    // The allowance comes back with time.
    await request(ann, 'seats:release', { sessionId: s, seat: 'r1m1' });
    await until(
      async () => (await request(ann, 'seats:hold', { sessionId: s, seat: 'r1m1' })).ok,
      5000,
      'the hold allowance never came back',
    );
  });
});

/** A Socket.IO client over HTTP long-polling that polls only when told to: a reader that stalls. */
async function stalledPoller(base: string) {
  const url = (sid?: string) => `${base}/socket.io/?EIO=4&transport=polling${sid ? `&sid=${sid}` : ''}`;
  const opened = await (await fetch(url())).text();
  const { sid } = JSON.parse(opened.slice(1)) as { sid: string };
  const post = async (packet: string) => {
    const res = await fetch(url(sid), { method: 'POST', body: packet });
    expect(await res.text()).toBe('ok');
  };
  /** One poll: the packets the server had queued. */
  const poll = async () => (await (await fetch(url(sid))).text()).split('\x1e');
  await post('40');
  await poll();
  return { post, poll };
}
const deltaFrames = (packets: string[]) => packets.filter((p) => p.startsWith('42["seats:deltas"'));
const deltasIn = (frames: string[]) =>
  frames.flatMap((f) => (JSON.parse(f.slice(f.indexOf('['))) as [string, SeatDelta[]])[1]);

describe('a socket that does not read', () => {
  it('is kept at most a bounded backlog, then sent the newest change, whose gap makes it take a new snapshot', async () => {
    const s = await session();
    const ann = (await buildUser(t.ctx.db)).id;
    const fast = await sockets.connect();
    const start = await fast.join(s);
    const slow = await stalledPoller(t.url);
    await slow.post(`420["seats:join",{"sessionId":${s}}]`);
    expect((await slow.poll())[0]).toMatch(/^430\[\{"ok":true/);

    // Far more changes than the backlog allows, while the poller does not poll.
    const changes = 1500;
    for (let i = 0; i < changes / 2; i++) {
      await store.hold(s, ann, 'r5m5');
      await store.release(s, ann, 'r5m5');
    }
    const last = start.version + changes;
    await fast.waitForDelta((d) => d.version === last);
    expect(fast.deltas.map((d) => d.version)).toEqual(Array.from({ length: changes }, (_, i) => start.version + 1 + i));

    // Socket.IO packets, without Engine.IO's one-character packet type.
    const backlog = deltaFrames(await slow.poll()).map((packet) => packet.slice(1));
    const queued = backlog.reduce((sum, frame) => sum + frame.length, 0);
    const largest = Math.max(...backlog.map((f) => f.length));
    expect(queued).toBeLessThanOrEqual(MAX_UNSENT_BYTES + largest);
    const kept = deltasIn(backlog);
    expect(kept.length).toBeLessThan(changes);
    expect(kept.map((d) => d.version)).toEqual(kept.map((_, i) => start.version + 1 + i));

    // Once it has read its backlog, it gets the newest change: a gap it notices.
    const newest = deltasIn(deltaFrames(await slow.poll()));
    expect(newest[0]!.version).toBeGreaterThan(kept.at(-1)!.version + 1);
    expect(newest.at(-1)!.version).toBe(last);
    await slow.post(`421["seats:join",{"sessionId":${s}}]`);
    const [answer] = await slow.poll();
    expect(answer).toContain(`"version":${last}`);
  });
});

describe('the seat feed connection lost', () => {
  it('makes the watchers reconnect for a fresh snapshot, and changes flow again afterwards', async () => {
    const s = await session();
    const watchers = await Promise.all([t.url, second.url].map((url) => sockets.connect(undefined, url)));
    await Promise.all(watchers.map((w) => w.join(s)));
    const ends = watchers.map(disconnected);
    const admin = connectRedis(t.ctx.redisUrl);
    const clients = (await admin.client('LIST')) as string;
    const feeds = clients.split('\n').filter((line) => line.includes(` name=${seatFeedConnectionName(t.ctx)} `));
    expect(feeds).toHaveLength(2);
    for (const line of feeds) await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
    admin.disconnect();
    expect(await Promise.all(ends)).toEqual(['transport close', 'transport close']);

    const viewer = await sockets.connect(undefined, second.url);
    await viewer.join(s);
    const ann = await sockets.connect((await buildSignedInUser(t.ctx)).token);
    await request(ann, 'seats:hold', { sessionId: s, seat: 'r2m2' });
    await viewer.waitForDelta(says('r2m2', 'held'));
  });
});
