/**
 * A viewer on a device of its own, for bench:seats, while the K simulated viewers load the server.
 * In the main runner, a thousand sockets share one event loop, so what they time includes their
 * own queue behind the deltas they all receive (bare ws shows the same); here nothing else waits
 * in line, so the figures are the server's. Three sockets:
 *
 * - a signed-in viewer holding (and releasing) a random seat every CHANGE_GAP_MS: hold acks, and
 *   the changes whose arrival the guest times;
 * - a guest watching the room (on another API process when there are several): fan-out;
 * - a second signed-in viewer asking again, every STEADY_GAP_MS, for the seat it already holds:
 *   the same request, script and answer as any hold, without a change to broadcast, so that the
 *   ack's p99 rests on a few hundred samples without adding to the offered load.
 *
 * Env: PROBE_URL, PROBE_TOKEN, PROBE_STEADY_TOKEN, PROBE_SESSION, PROBE_SECONDS, PROBE_GUEST_URL.
 * Asked 'run', it answers { ackMs, fanOutMs }: hold sent → its acknowledgement (both viewers);
 * hold or release sent → the delta at the guest.
 */
import { HALL_SEATS } from '@kino/backend/contract';
import { LeanSocketIo, serveParent, sleep, versionsOf } from './bench-lib';

const CHANGE_GAP_MS = 200;
const STEADY_GAP_MS = 125;
const url = process.env.PROBE_URL!;
const sessionId = Number(process.env.PROBE_SESSION);
const seconds = Number(process.env.PROBE_SECONDS);

const viewer = await LeanSocketIo.connect(url, process.env.PROBE_TOKEN!);
const steady = await LeanSocketIo.connect(url, process.env.PROBE_STEADY_TOKEN!);
const guest = await LeanSocketIo.connect(process.env.PROBE_GUEST_URL || url, '');
const arrivals = new Map<number, number>();
guest.onEvent = (raw) => {
  const now = performance.now();
  for (const version of versionsOf(raw)) arrivals.set(version, now);
};
for (const socket of [viewer, steady, guest]) await socket.emit('seats:join', { sessionId });

type Ack = { ok: boolean; version?: number };
const randomSeat = () => HALL_SEATS[Math.floor(Math.random() * HALL_SEATS.length)]!;

async function run() {
  const ackMs: number[] = [];
  const sent = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  const timed = async (socket: LeanSocketIo, event: string, seat: string) => {
    const t0 = performance.now();
    const ack = await socket.emit<Ack>(event, { sessionId, seat });
    if (event === 'seats:hold') ackMs.push(performance.now() - t0);
    if (ack.ok && ack.version !== undefined && !sent.has(ack.version)) sent.set(ack.version, t0);
    return ack;
  };
  const changes = async () => {
    while (performance.now() < until) {
      const seat = randomSeat();
      if ((await timed(viewer, 'seats:hold', seat)).ok) await timed(viewer, 'seats:release', seat);
      await sleep(CHANGE_GAP_MS);
    }
  };
  const steadyHolds = async () => {
    let seat = randomSeat();
    while (!(await steady.emit<Ack>('seats:hold', { sessionId, seat })).ok) seat = randomSeat();
    while (performance.now() < until) {
      const t0 = performance.now();
      await steady.emit<Ack>('seats:hold', { sessionId, seat });
      ackMs.push(performance.now() - t0);
      await sleep(STEADY_GAP_MS);
    }
    await steady.emit('seats:release', { sessionId, seat });
  };
  await Promise.all([changes(), steadyHolds()]);
  await sleep(500); // the last deltas in flight
  const fanOutMs = [...sent].flatMap(([version, t]) => {
    const at = arrivals.get(version);
    return at === undefined ? [] : [at - t];
  });
  return { ackMs, fanOutMs };
}

process.send!({ type: 'ready' });
serveParent({ run }, async () => {
  for (const socket of [viewer, steady, guest]) socket.close();
});
