/**
 * A viewer on a device of its own, for bench:seats: one signed-in socket that holds (and releases)
 * a random seat every PROBE_GAP_MS while the K simulated viewers load the server, and one guest
 * socket watching the same room. In the main runner, a thousand sockets share one event loop, so
 * what they time includes their own queue behind the deltas they all receive (bare ws shows the
 * same); here nothing else waits in line, so the figures are the server's.
 *
 * Env: PROBE_URL, PROBE_TOKEN, PROBE_SESSION, PROBE_SECONDS. Asked 'run', it answers
 * { ackMs, fanOutMs }: hold sent → its acknowledgement; hold or release sent → the delta at the guest.
 */
import { HALL_SEATS } from '@kino/backend/contract';
import { LeanSocketIo, serveParent, sleep, versionsOf } from './bench-lib';

const PROBE_GAP_MS = 200;
const url = process.env.PROBE_URL!;
const sessionId = Number(process.env.PROBE_SESSION);
const seconds = Number(process.env.PROBE_SECONDS);

const viewer = await LeanSocketIo.connect(url, process.env.PROBE_TOKEN!);
const guest = await LeanSocketIo.connect(url, '');
const arrivals = new Map<number, number>();
guest.onEvent = (raw) => {
  const now = performance.now();
  for (const version of versionsOf(raw)) arrivals.set(version, now);
};
for (const socket of [viewer, guest]) await socket.emit('seats:join', { sessionId });

type Ack = { ok: boolean; version?: number };
async function run() {
  const ackMs: number[] = [];
  const sent = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const seat = HALL_SEATS[Math.floor(Math.random() * HALL_SEATS.length)]!;
    const t0 = performance.now();
    const held = await viewer.emit<Ack>('seats:hold', { sessionId, seat });
    ackMs.push(performance.now() - t0);
    if (held.ok) {
      if (held.version !== undefined) sent.set(held.version, t0);
      const t1 = performance.now();
      const released = await viewer.emit<Ack>('seats:release', { sessionId, seat });
      if (released.version !== undefined) sent.set(released.version, t1);
    }
    await sleep(PROBE_GAP_MS);
  }
  await sleep(500); // the last deltas in flight
  const fanOutMs = [...sent].flatMap(([version, t]) => {
    const at = arrivals.get(version);
    return at === undefined ? [] : [at - t];
  });
  return { ackMs, fanOutMs };
}

process.send!({ type: 'ready' });
serveParent({ run }, async () => {
  viewer.close();
  guest.close();
});
