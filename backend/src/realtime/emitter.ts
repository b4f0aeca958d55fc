/**
 * Reaching rooms in every API process from anywhere (HTTP writes' effects, workers) through the
 * Redis emitter, without a Socket.IO server of one's own. Seat changes do not go through here: the
 * seat scripts publish them on the seat feed (seat-feed.ts).
 */
import { Emitter } from '@socket.io/redis-emitter';
import type { ServerEvents } from '../contract/events';
import type { AppContext } from '../context';
import { tokenRoom } from './rooms';
import { errorFields } from '../lib/infra/operator-messages';

type EmitterContext = Pick<AppContext, 'keys' | 'redis' | 'logger'>;

/** Prefix of the adapter's and the emitter's pub/sub channels: per deployment, like every key. */
export const socketChannelKey = (ctx: Pick<AppContext, 'keys'>) => ctx.keys.of('socket.io');

const emitters = new WeakMap<EmitterContext, Emitter<ServerEvents>>();

/**
 * The context's emitter. It does not wait for its PUBLISH: a failure is logged here instead of
 * escaping as an unhandled rejection.
 */
export function emitterFor(ctx: EmitterContext): Emitter<ServerEvents> {
  let emitter = emitters.get(ctx);
  if (!emitter) {
    const publisher = {
      publish: (channel: string, message: Buffer | string) =>
        ctx.redis
          .publish(channel, message)
          .catch((err: unknown) => ctx.logger.warn(errorFields(err), 'live push failed')),
    };
    emitter = new Emitter<ServerEvents>(publisher, { key: socketChannelKey(ctx) });
    emitters.set(ctx, emitter);
  }
  return emitter;
}

/**
 * Disconnects the sockets in a room in every API process (a revoked token's, a person's whose
 * rights changed). Resolves once Redis has handed the request to every process.
 */
export async function disconnectRoom(ctx: Pick<AppContext, 'keys' | 'redis'>, room: string): Promise<void> {
  const sent: Promise<number>[] = [];
  const emitter = new Emitter(
    { publish: (channel: string, message: Buffer | string) => sent.push(ctx.redis.publish(channel, message)) },
    { key: socketChannelKey(ctx) },
  );
  emitter.in(room).disconnectSockets(true);
  await Promise.all(sent);
}

/** Ends the live sockets opened with a token, everywhere: for logout. */
export const disconnectToken = (ctx: Pick<AppContext, 'keys' | 'redis'>, tokenId: string) =>
  disconnectRoom(ctx, tokenRoom(tokenId));
