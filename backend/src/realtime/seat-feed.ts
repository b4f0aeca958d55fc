/**
 * The seat feed: every seat script publishes its changes on one channel in the same atomic step
 * as their version (modules/seats/lua/session.lua), so Redis' single order of scripts is the order in which
 * each API process hears them, whichever process, route or worker ran the script. Each process
 * subscribes once and hands the changes to its fan-out, which writes them to its own sockets.
 */
import type { AppContext } from '../context';
import { closeRedis, connectRedis } from '../lib/infra/redis';
import type { FeedDelta } from './fanout';
import { errorFields } from '../lib/infra/operator-messages';

/** The pub/sub channel on which the seat scripts publish every change (one per deployment). */
export const seatFeedChannel = (ctx: Pick<AppContext, 'keys'>) => ctx.keys.of('seats', 'feed');

export const seatFeedConnectionName = (ctx: Pick<AppContext, 'keys'>) => ctx.keys.of('seat-feed');

export interface SeatFeed {
  close(): Promise<void>;
}

/**
 * Resolves once subscribed: a socket may only take a snapshot once the changes after it are sure
 * to be heard. Pub/sub keeps nothing for a subscriber that was away: after a lost connection
 * (`onResubscribed`) the changes made meanwhile are unknown, and the caller must resynchronise.
 */
export async function subscribeSeatFeed(
  ctx: Pick<AppContext, 'redisUrl' | 'keys' | 'logger'>,
  onDelta: (delta: FeedDelta) => void,
  onResubscribed: () => void,
): Promise<SeatFeed> {
  const channel = seatFeedChannel(ctx);
  // Named, for operators (CLIENT LIST) and tests that cut it.
  const sub = connectRedis(ctx.redisUrl, { forWorkers: true, connectionName: seatFeedConnectionName(ctx) });
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      onDelta(JSON.parse(message) as FeedDelta);
    } catch (err) {
      ctx.logger.error({ err, message }, 'unreadable seat feed message');
    }
  });
  await sub.subscribe(channel);
  // After a reconnection ('ready' again), once subscribed anew (ioredis would resubscribe by
  // itself too; this tells us when it has).
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        ctx.logger.warn('seat feed resubscribed after a lost connection; resynchronising its watchers');
        onResubscribed();
      },
      (err: unknown) => ctx.logger.error(errorFields(err), 'seat feed could not resubscribe'),
    );
  });
  return { close: () => closeRedis(sub) };
}
