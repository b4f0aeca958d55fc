/**
 * Socket.IO on the API's HTTP server. Seat changes come from the seat feed (every process hears
 * every change, in version order) and are written to this process's own sockets; other events
 * reach rooms across processes through the Redis adapter (channels under the deployment's prefix).
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { type Namespace, Server } from 'socket.io';
import type { AppContext } from '../context';
import { metricsOf } from '../metrics';
import { closeRedis, connectRedis, drained } from '../lib/infra/redis';
import { socketChannelKey } from './emitter';
import { SeatFanout } from './fanout';
import { subscribeSeatFeed } from './seat-feed';
import type { SeatServer, SeatSocket } from './socket';
import { authenticateSocket, type SocketTokens, type SocketViewer } from './socket-auth';

export interface Realtime {
  io: SeatServer;
  /** Stops the socket modules (the seats' sweeper), disconnects every socket and closes the HTTP server. */
  close(): Promise<void>;
}

/** A module's client events: what it does with each new socket, and what it stops on close. */
export interface SocketModule {
  connect(socket: SeatSocket, transport: { fanout: SeatFanout; viewer: SocketViewer }): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** How a socket's token is read (the auth module's). */
  tokens: SocketTokens;
  /** The modules handling client events (modules/seats), each started once the server is. */
  modules: (() => SocketModule)[];
}

/**
 * Resolves once the seat feed is subscribed: only then may the server take connections. The
 * modules are handed in by the API process (server.ts): the transport imports none of them.
 */
export async function attachRealtime(
  ctx: AppContext,
  server: http.Server,
  { tokens, modules: startModules }: RealtimeOptions,
): Promise<Realtime> {
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

  const modules = startModules.map((start) => start());
  io.on('connection', (socket) => {
    const viewer = authenticateSocket(ctx, tokens, socket);
    for (const module of modules) module.connect(socket, { fanout, viewer });
  });
  const unwatch = metricsOf(ctx).watchRealtime({
    sockets: () => io.engine.clientsCount,
    deltasSent: () => fanout.sent,
  });

  return {
    io,
    async close() {
      unwatch();
      await Promise.all(modules.map((module) => module.close()));
      // The adapter's subscribe calls are not awaited by it: let them land first (replies come in
      // order), or they reject unheard when the connection closes.
      await drained(sub);
      await io.close();
      await Promise.all([closeRedis(pub), closeRedis(sub), feed.close()]);
    },
  };
}
