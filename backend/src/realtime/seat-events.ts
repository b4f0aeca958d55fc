/**
 * A socket's seat events: join a session's hall (snapshot), hold, release, release all. Payloads
 * come from the network and are validated; every event is acknowledged with ok or a reason.
 */
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  SeatRefSchema,
  SessionRefSchema,
  type HoldAck,
  type SeatAck,
  type SeatClientEvents,
  type SeatRefusal,
  type SeatServerEvents,
} from '../contract/seats';
import type { Logger } from '../lib/logger';
import type { AuthUser } from '../modules/auth/tokens';
import { sessionRoom, viewerRoom, type SeatBroadcaster } from './broadcast';
import type { SeatResult, SeatStatus, SeatStore } from './seat-store';

export interface SeatSocketData {
  /** The signed-in viewer of the handshake; guests only watch. */
  user?: AuthUser;
}
export type SeatServer = Server<SeatClientEvents, SeatServerEvents, Record<string, never>, SeatSocketData>;
type SeatSocket = Socket<SeatClientEvents, SeatServerEvents, Record<string, never>, SeatSocketData>;
/** The acknowledgement callback of a client event. */
type Reply<E extends keyof SeatClientEvents> = Parameters<SeatClientEvents[E]>[1];

const REFUSAL: Record<Exclude<SeatStatus, 'ok'>, SeatRefusal> = {
  taken: 'taken',
  limit: 'limit',
  past: 'past',
  invalid: 'invalid',
  missing: 'invalid',
  expired: 'invalid',
};

const refuse = (reason: SeatRefusal) => ({ ok: false, reason }) as const;

function holdAck(result: SeatResult): HoldAck {
  if (result.status !== 'ok') return refuse(REFUSAL[result.status]);
  return { ok: true, version: result.version, deadline: result.deadline, now: result.now };
}

export function registerSeatEvents(
  socket: SeatSocket,
  store: SeatStore,
  broadcaster: SeatBroadcaster,
  logger: Logger,
): void {
  const user = socket.data.user;

  /**
   * Validates the payload and runs the handler, which answers through `reply` (before it
   * broadcasts: the viewer who acted hears first). Failures are logged and answered too.
   */
  function on<E extends keyof SeatClientEvents, S extends z.ZodType>(
    event: E,
    schema: S,
    handler: (payload: z.output<S>, reply: Reply<E>) => Promise<void>,
  ) {
    socket.on(event, (async (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      let replied = false;
      const reply = ((result: SeatAck) => {
        replied = true;
        ack(result);
      }) as Reply<E>;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return reply(refuse('invalid'));
      try {
        await handler(parsed.data, reply);
      } catch (err) {
        logger.error({ err, event }, 'seat event failed');
        if (!replied) reply(refuse('unavailable'));
      }
    }) as never);
  }

  async function leaveHalls() {
    for (const room of socket.rooms) if (room.startsWith('session:')) await socket.leave(room);
  }

  on('seats:join', SessionRefSchema, async ({ sessionId }, reply) => {
    await leaveHalls();
    // Join before the snapshot: a change made in between arrives as a delta newer than the snapshot.
    await socket.join(user ? [sessionRoom(sessionId), viewerRoom(sessionId, user.id)] : sessionRoom(sessionId));
    const result = await store.snapshot(sessionId, user?.id);
    if (result.status !== 'ok') {
      await leaveHalls();
      return reply(refuse(REFUSAL[result.status]));
    }
    const { version, sold, held, mine, deadline, now } = result;
    reply({ ok: true, snapshot: { sessionId, version, sold, held, mine, deadline, now } });
    broadcaster.send(sessionId, result);
  });

  on('seats:leave', SessionRefSchema, async ({ sessionId }, reply) => {
    await socket.leave(sessionRoom(sessionId));
    if (user) await socket.leave(viewerRoom(sessionId, user.id));
    reply({ ok: true });
  });

  on('seats:hold', SeatRefSchema, async ({ sessionId, seat }, reply) => {
    if (!user) return reply(refuse('auth'));
    const result = await store.hold(sessionId, user.id, seat);
    reply(holdAck(result));
    broadcaster.send(sessionId, result, user.id);
  });

  on('seats:release', SeatRefSchema, async ({ sessionId, seat }, reply) => {
    if (!user) return reply(refuse('auth'));
    const result = await store.release(sessionId, user.id, seat);
    reply(holdAck(result));
    broadcaster.send(sessionId, result);
  });

  on('seats:release-all', SessionRefSchema, async ({ sessionId }, reply) => {
    if (!user) return reply(refuse('auth'));
    const result = await store.release(sessionId, user.id);
    reply(holdAck(result));
    broadcaster.send(sessionId, result);
  });
}
