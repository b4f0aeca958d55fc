/**
 * Rooms and deltas. A session's room hears every change; a seat just taken is 'held' for the room
 * and 'mine' (with the deadline) for the holder's own sockets. The changes made in one turn of the
 * event loop leave together, one frame per room: under load a thousand watchers get one frame
 * for many holds instead of one per hold, and at rest nothing waits. The same code publishes
 * through an API process's Socket.IO server or through the Redis emitter (HTTP routes, workers).
 */
import { Emitter } from '@socket.io/redis-emitter';
import type { SeatDelta, SeatServerEvents } from '../contract/seats';
import type { AppContext } from '../context';
import type { SeatResult } from './seat-store';

/** Room of everyone watching a session's hall. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** Room of one viewer's sockets watching a session (several tabs). */
export const viewerRoom = (sessionId: number, userId: number) => `session:${sessionId}:viewer:${userId}`;

/** Prefix of the adapter's and the emitter's pub/sub channels: per deployment, like every key. */
export const socketChannelKey = (ctx: Pick<AppContext, 'keys'>) => ctx.keys.of('socket.io');

interface DeltaSender {
  emit(event: 'seats:deltas', deltas: SeatDelta[]): unknown;
}
/** What both a Socket.IO server and the Redis emitter offer. */
export interface RoomTarget {
  to(room: string): DeltaSender & { except(rooms: string[]): DeltaSender };
}

/**
 * Publishes through Redis to every API process's sockets, without a Socket.IO server of its own.
 * The emitter does not wait for its PUBLISH: a failure is logged here instead of escaping as an
 * unhandled rejection (the clients catch up from the next snapshot).
 */
export function createEmitter(ctx: Pick<AppContext, 'keys' | 'redis' | 'logger'>): RoomTarget {
  const publisher = {
    publish: (channel: string, message: Buffer | string) =>
      ctx.redis.publish(channel, message).catch((err: unknown) => ctx.logger.warn({ err }, 'seat broadcast failed')),
  };
  return new Emitter<SeatServerEvents>(publisher, { key: socketChannelKey(ctx) });
}

interface Queued {
  delta: SeatDelta;
  /** Who took the seats marked 'held', and their deadline. */
  holder?: { id: number; deadline: number | null };
}

/** The holder's own view of a delta: their new seats are 'mine', and they learn their deadline. */
const asMine = ({ delta, holder }: Queued): SeatDelta => ({
  ...delta,
  changes: delta.changes.map((c) => (c.state === 'held' ? { ...c, state: 'mine' as const } : c)),
  deadline: holder!.deadline,
});

export class SeatBroadcaster {
  private queued = new Map<number, Queued[]>();
  private scheduled = false;

  constructor(private readonly target: RoomTarget) {}

  /** Queues the changes of a seat operation (if any); `holder` made them. */
  send(sessionId: number, result: SeatResult, holder?: number): void {
    const { version, changes } = result;
    if (changes.length === 0) return;
    const takes = holder !== undefined && changes.some((c) => c.state === 'held');
    const entry: Queued = {
      delta: { sessionId, version, changes },
      ...(takes ? { holder: { id: holder, deadline: result.deadline } } : {}),
    };
    this.queued.set(sessionId, [...(this.queued.get(sessionId) ?? []), entry]);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    const queued = this.queued;
    this.queued = new Map();
    this.scheduled = false;
    for (const [sessionId, entries] of queued) {
      entries.sort((a, b) => a.delta.version - b.delta.version);
      const holders = [...new Set(entries.flatMap((e) => (e.holder ? [e.holder.id] : [])))];
      const own = holders.map((id) => viewerRoom(sessionId, id));
      this.target
        .to(sessionRoom(sessionId))
        .except(own)
        .emit(
          'seats:deltas',
          entries.map((e) => e.delta),
        );
      holders.forEach((id, i) =>
        this.target.to(own[i]!).emit(
          'seats:deltas',
          entries.map((e) => (e.holder?.id === id ? asMine(e) : e.delta)),
        ),
      );
    }
  }
}
