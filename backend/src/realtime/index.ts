/**
 * Socket.IO on the API's HTTP server. Seat changes come from the seat feed (every process hears
 * every change, in version order) and are written to this process's own sockets; other events
 * reach rooms across processes through the Redis adapter (channels under the deployment's prefix).
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { type Namespace, Server } from 'socket.io';
import type { AppContext } from '../context';
import { metricsOf } from '../lib/metrics';
import { closeRedis, connectRedis, drained } from '../lib/redis';
import { socketChannelKey } from './emitter';
import { SeatFanout } from './fanout';
import { registerSeatEvents, type SeatServer } from './seat-events';
import { subscribeSeatFeed } from './seat-feed';
import { SeatStore } from './seat-store';
import { authenticateSocket } from './socket-auth';
import { startSweeper } from './sweeper';

export interface Realtime {
  io: SeatServer;
  /** Stops the sweeper, disconnects every socket and closes the HTTP server. */
  close(): Promise<void>;
}

/** Resolves once the seat feed is subscribed: only then may the server take connections. */
export async function attachRealtime(ctx: AppContext, server: http.Server): Promise<Realtime> {
  const fanout = new SeatFanout();
  const feed = await subscribeSeatFeed(
    ctx,
    (delta) => fanout.receive(delta),
    () => fanout.resetAll(),
  );
  const pub = connectRedis(ctx.redisUrl);
  const sub = connectRedis(ctx.redisUrl, { forWorkers: true });
  const redisAdapter = createAdapter(pub, sub, { key: socketChannelKey(ctx) });
  const io: SeatServer = new Server(server, {
    serveClient: false,
    // Socket.IO calls it with `new`: a function, not an arrow.
    adapter: function closeQuietly(nsp: Namespace) {
      const adapter = redisAdapter(nsp);
      // Its close sends UNSUBSCRIBEs it neither awaits nor catches: with Redis down they reject
      // unheard (an unhandled rejection) once `sub` closes. Closing `sub` ends its subscriptions anyway.
      adapter.close = () => undefined;
      return adapter;
    },
  });

  const store = new SeatStore(ctx);
  const metrics = metricsOf(ctx);
  io.on('connection', (socket) =>
    registerSeatEvents(socket, {
      store,
      fanout,
      logger: ctx.logger,
      metrics,
      viewer: authenticateSocket(ctx, socket),
    }),
  );
  const unwatch = metrics.watchRealtime({ sockets: () => io.engine.clientsCount, deltasSent: () => fanout.sent });
  const sweeper = startSweeper(store, ctx.logger);

  return {
    io,
    async close() {
      unwatch();
      await sweeper.stop();
      // The adapter's subscribe calls are not awaited by it: let them land first (replies come in
      // order), or they reject unheard when the connection closes.
      await drained(sub);
      await io.close();
      await Promise.all([closeRedis(pub), closeRedis(sub), feed.close()]);
    },
  };
}
