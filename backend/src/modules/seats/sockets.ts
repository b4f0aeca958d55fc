/**
 * A socket's seat events: join a session's hall (snapshot), leave it, hold, release, release all,
 * the best seats, and extend the holds once.
 * Payloads come from the network and are validated; every event is acknowledged with ok or a
 * reason. The changes themselves reach the room through the seat feed, not from here.
 *
 * Joins and leaves of one socket run one after the other, in the order sent: a socket watches
 * one hall at most, the one of its last successful join, and a refused join changes nothing.
 */
import type { z } from 'zod';
import { can } from '../../contract/access';
import { MAX_HOLDS_PER_SECOND } from '../../contract/constants';
import {
  SEAT_CLIENT_EVENT_SCHEMAS,
  type HoldAck,
  type SeatAck,
  type SeatClientEvent,
  type SeatClientEvents,
  type SeatRefusal,
} from '../../contract/seats';
import type { AppContext } from '../../context';
import type { Logger } from '../../lib/infra/logger';
import { metricsOf, type Metrics } from '../../metrics';
import { errorFields } from '../../lib/infra/operator-messages';
import type { SocketModule } from '../../realtime';
import type { SeatFanout, Watcher } from '../../realtime/fanout';
import { sessionRoom } from '../../realtime/rooms';
import type { SeatSocket } from '../../realtime/socket';
import type { SocketViewer } from '../../realtime/socket-auth';
import { SeatStore, type SeatResult, type SeatStatus } from './store';
import { startSweeper } from './sweeper';

/** The acknowledgement callback of a client event. */
type Reply<E extends keyof SeatClientEvents> = Parameters<SeatClientEvents[E]>[1];

const REFUSAL: Record<Exclude<SeatStatus, 'ok'>, SeatRefusal> = {
  taken: 'taken',
  limit: 'limit',
  past: 'past',
  invalid: 'invalid',
  missing: 'invalid',
  expired: 'expired',
  orphan: 'orphan',
  none: 'none',
  held_back: 'held_back',
  extended: 'extended',
};

const refuse = (reason: SeatRefusal) => ({ ok: false, reason }) as const;

function holdAck(result: SeatResult): HoldAck {
  if (result.status !== 'ok') return refuse(REFUSAL[result.status]);
  return { ok: true, version: result.version, deadline: result.deadline, now: result.now };
}

/** A token bucket: `perSecond` refills a second, as many at once at most. */
function rateLimit(perSecond: number) {
  let tokens = perSecond;
  let at = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(perSecond, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface SeatEventDeps {
  store: SeatStore;
  fanout: SeatFanout;
  logger: Logger;
  viewer: SocketViewer;
  metrics: Metrics;
}

function registerSeatEvents(socket: SeatSocket, { store, fanout, logger, viewer, metrics }: SeatEventDeps): void {
  /** The hall this socket watches, and the one a join in progress is about to watch. */
  let watching: Watcher | undefined;
  let joining: Watcher | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs joins and leaves one at a time, in the order they came. */
  const serially = <A extends unknown[]>(task: (...args: A) => Promise<void>) =>
    ((...args: A) => {
      const run = queue.then(() => task(...args));
      queue = run.catch(() => undefined);
      return run;
    }) as (...args: A) => Promise<void>;
  const mayHold = rateLimit(MAX_HOLDS_PER_SECOND);

  socket.on('disconnect', () => {
    fanout.unwatch(watching);
    fanout.unwatch(joining);
  });

  /**
   * Validates the payload against the event's declared schema and runs the handler, which answers
   * through `reply`. An event is one payload and an acknowledgement: anything else (no payload, two,
   * a payload that does not parse) is refused as 'invalid' before the handler; an event sent without
   * an acknowledgement is ignored. Failures are logged and answered too.
   */
  function on<E extends SeatClientEvent>(
    event: E,
    handler: (payload: z.output<(typeof SEAT_CLIENT_EVENT_SCHEMAS)[E]>, reply: Reply<E>) => Promise<void>,
  ) {
    socket.on(event, (async (...args: unknown[]) => {
      const ack = args.pop();
      if (typeof ack !== 'function') return;
      let replied = false;
      const reply = ((result: SeatAck) => {
        replied = true;
        ack(result);
      }) as Reply<E>;
      const parsed = SEAT_CLIENT_EVENT_SCHEMAS[event].safeParse(args.length === 1 ? args[0] : undefined);
      if (!parsed.success) return reply(refuse('invalid'));
      try {
        await handler(parsed.data as z.output<(typeof SEAT_CLIENT_EVENT_SCHEMAS)[E]>, reply);
      } catch (err) {
        logger.error({ ...errorFields(err), event }, 'seat event failed');
        if (!replied) reply(refuse('unavailable'));
      }
    }) as never);
  }

  // An event nobody listens to is answered too, so that a client asking for one is not left waiting.
  socket.onAny((event: unknown, ...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack === 'function' && !Object.hasOwn(SEAT_CLIENT_EVENT_SCHEMAS, String(event))) {
      (ack as (result: SeatAck) => void)(refuse('invalid'));
    }
  });

  async function stopWatching() {
    if (!watching) return;
    fanout.unwatch(watching);
    await socket.leave(sessionRoom(watching.sessionId));
    watching = undefined;
  }

  on(
    'seats:join',
    serially(async ({ sessionId }, reply) => {
      const user = await viewer();
      // Watching starts before the snapshot is taken: a change made after it is written once the
      // snapshot has been; one made before it is in it.
      const next = (joining = fanout.watch(socket, sessionId, user?.id));
      try {
        const result = await store.snapshot(sessionId, user?.id);
        if (result.status !== 'ok') return reply(refuse(REFUSAL[result.status]));
        if (!socket.connected) return;
        // The hall watched so far is left; joining it again only replaces its watcher.
        if (watching?.sessionId === sessionId) fanout.unwatch(watching);
        else await stopWatching();
        await socket.join(sessionRoom(sessionId));
        watching = next;
        const { version, sold, held, mine, deadline, extended, now } = result;
        reply({ ok: true, snapshot: { sessionId, version, sold, held, mine, deadline, extended, now } });
        fanout.ready(next, version);
      } finally {
        joining = undefined;
        if (watching !== next) fanout.unwatch(next);
      }
    }),
  );

  on(
    'seats:leave',
    serially(async ({ sessionId }, reply) => {
      if (watching?.sessionId === sessionId) await stopWatching();
      reply({ ok: true });
    }),
  );

  on('seats:hold', async ({ sessionId, seat }, reply) => {
    const user = await viewer();
    const ack: HoldAck = !user
      ? refuse('auth')
      : !mayHold()
        ? refuse('rate')
        : // Whoever sells at the till may take a wheelchair space held back from general sale.
          holdAck(await store.hold(sessionId, user.id, seat, { till: can(user.role, 'till', 'sell') }));
    metrics.seatHold(ack.ok ? 'ok' : ack.reason);
    reply(ack);
  });

  on('seats:best', async ({ sessionId, count }, reply) => {
    const user = await viewer();
    if (!user) return reply(refuse('auth'));
    if (!mayHold()) return reply(refuse('rate'));
    const result = await store.best(sessionId, user.id, count);
    if (result.status !== 'ok') return reply(refuse(REFUSAL[result.status]));
    reply({ ok: true, seats: result.seats ?? [], version: result.version, deadline: result.deadline, now: result.now });
  });

  on('seats:release', async ({ sessionId, seat }, reply) => {
    const user = await viewer();
    if (!user) return reply(refuse('auth'));
    reply(holdAck(await store.release(sessionId, user.id, seat)));
  });

  on('seats:release-all', async ({ sessionId }, reply) => {
    const user = await viewer();
    if (!user) return reply(refuse('auth'));
    reply(holdAck(await store.release(sessionId, user.id)));
  });

  on('seats:extend', async ({ sessionId }, reply) => {
    const user = await viewer();
    if (!user) return reply(refuse('auth'));
    reply(holdAck(await store.extend(sessionId, user.id)));
  });
}

/**
 * The seat events of every socket of the API process, and the hold sweeper beside them (stopped
 * with the server); handed to the transport at start (server.ts → attachRealtime).
 */
export function seatSockets(ctx: AppContext): SocketModule {
  const store = new SeatStore(ctx);
  const metrics = metricsOf(ctx);
  const sweeper = startSweeper(store, ctx.logger);
  return {
    connect: (socket, { fanout, viewer }) =>
      registerSeatEvents(socket, { store, fanout, logger: ctx.logger, metrics, viewer }),
    close: () => sweeper.stop(),
  };
}
