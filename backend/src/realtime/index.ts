/**
 * Socket.IO on the API's HTTP server. Processes share rooms through the Redis adapter (channels
 * under the deployment's prefix); the handshake's bearer token identifies the viewer.
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { AppContext } from '../context';
import { closeRedis, connectRedis, drained } from '../lib/redis';
import { bearerToken } from '../modules/auth/guard';
import { verifyToken } from '../modules/auth/tokens';
import { SeatBroadcaster, socketChannelKey } from './broadcast';
import { registerSeatEvents, type SeatServer } from './seat-events';
import { SeatStore } from './seat-store';
import { startSweeper } from './sweeper';

export interface Realtime {
  io: SeatServer;
  /** Stops the sweeper, disconnects every socket and closes the HTTP server. */
  close(): Promise<void>;
}

export function attachRealtime(ctx: AppContext, server: http.Server): Realtime {
  const pub = connectRedis(ctx.redisUrl);
  const sub = connectRedis(ctx.redisUrl, { forWorkers: true });
  const io: SeatServer = new Server(server, {
    serveClient: false,
    adapter: createAdapter(pub, sub, { key: socketChannelKey(ctx) }),
  });

  // `auth: { token }` from the browser client, or an Authorization header from other clients.
  // A missing or invalid token makes a guest, who may watch but not hold.
  io.use(async (socket, next) => {
    const { auth, headers } = socket.handshake;
    const token = typeof auth.token === 'string' ? auth.token : bearerToken(headers.authorization);
    try {
      socket.data.user = token ? await verifyToken(ctx, token) : undefined;
      next();
    } catch (err) {
      ctx.logger.error({ err }, 'socket authentication failed');
      next(new Error('unavailable'));
    }
  });

  const store = new SeatStore(ctx);
  const broadcaster = new SeatBroadcaster(io);
  io.on('connection', (socket) => registerSeatEvents(socket, store, broadcaster, ctx.logger));
  const sweeper = startSweeper(store, broadcaster, ctx.logger);

  return {
    io,
    async close() {
      await sweeper.stop();
      // The adapter's unsubscribe calls are not awaited by it: let its subscriptions land first
      // (replies come in order), or those calls reject unheard when the connection closes.
      await drained(sub);
      await io.close();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
