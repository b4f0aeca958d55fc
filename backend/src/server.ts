/** The API process role: HTTP and Socket.IO on one port, and its graceful drain. */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { createApp } from './app';
import type { AppContext } from './context';
import { portUnavailable } from './lib/infra/operator-messages';
import { apiRouter } from './lib/http/api-router';
import { fastPath } from './lib/http/hot-reads';
import { metricsOf, metricsRoute, routeLabel } from './metrics';
import { listenForInvalidations } from './lib/http/response-cache';
import { socketTokens } from './modules/auth/guard';
import { probeRoutes } from './modules/health/routes';
import { seatSockets } from './modules/seats';
import { attachRealtime } from './realtime';
import type { SeatServer } from './realtime/socket';

export interface RunningApi {
  server: http.Server;
  /** The process's Socket.IO server. */
  io: SeatServer;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /** True from the moment the API starts draining: readiness answers 503. */
  readonly draining: boolean;
  /**
   * Drains, then closes: readiness turns 503, the port stops accepting, sockets are told to
   * reconnect (to another process), requests in flight finish — at most `timeoutMs`, after which
   * the connections still open are cut.
   */
  close(timeoutMs?: number): Promise<void>;
}

/** Counts requests in flight, so a drain knows when the last one has answered. */
function inFlightRequests() {
  let count = 0;
  let idle: (() => void) | undefined;
  return {
    track(res: http.ServerResponse) {
      count++;
      res.once('close', () => {
        if (--count === 0) idle?.();
      });
    },
    settled(): Promise<void> {
      return count === 0 ? Promise.resolve() : new Promise((resolve) => (idle = resolve));
    },
  };
}

export async function startApi(ctx: AppContext, port = ctx.config.port, host = ctx.config.host): Promise<RunningApi> {
  let draining = false;
  const requests = inFlightRequests();
  const app = createApp(ctx, { isDraining: () => draining });
  // The hot public reads, answered from memory before Express (lib/http/hot-reads.ts).
  const hot = fastPath(ctx);
  const metrics = metricsOf(ctx);
  const invalidations = await listenForInvalidations(ctx);
  const server = http.createServer((req, res) => {
    const started = performance.now();
    requests.track(res);
    // A keep-alive connection is closed after its answer once draining: the client reconnects elsewhere.
    if (draining) res.setHeader('connection', 'close');
    const hotRoute = hot(req, res);
    if (hotRoute) return metrics.observeHttp('GET', hotRoute, res.statusCode, started);
    // The API router names the declared route (res.locals.route) on the way.
    res.once('finish', () =>
      metrics.observeHttp(
        req.method ?? 'GET',
        routeLabel(req.url, (res as { locals?: { route?: string } }).locals?.route),
        res.statusCode,
        started,
      ),
    );
    app(req, res);
  });
  // The transport is given the modules it serves: it imports none of them.
  const realtime = await attachRealtime(ctx, server, {
    tokens: socketTokens(ctx),
    modules: [() => seatSockets(ctx)],
  });
  // Every connection, upgraded ones too: closeAllConnections ends HTTP connections only.
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    await realtime.close();
    await invalidations.close();
    throw portUnavailable(err, host, port);
  }
  const address = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    server,
    io: realtime.io,
    url,
    get draining() {
      return draining;
    },
    close(timeoutMs = ctx.config.shutdownTimeoutMs) {
      closing ??= (async () => {
        draining = true;
        if (ctx.config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, ctx.config.shutdownDelayMs));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Socket.IO ends its transports without a disconnect packet: clients see "transport close"
        // and reconnect by themselves, to a process that still listens. Its close also waits for the
        // HTTP server's last connection, so it finishes after the drain below, not before it.
        const realtimeClosed = realtime.close();
        realtimeClosed.catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        const gaveUp = await Promise.race([
          requests.settled().then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
        ]);
        clearTimeout(timer);
        if (gaveUp) ctx.logger.warn({ timeoutMs }, 'requests still running at the end of the drain; closing them');
        server.closeAllConnections();
        // A WebSocket whose peer never answers the close frame (a stalled client, a proxy) would keep
        // the port's close waiting for the library's 30 s timeout: the drain is over, end it.
        for (const socket of connections) socket.destroy();
        await realtimeClosed;
        await closed;
        await invalidations.close();
      })();
      return closing;
    },
  };
}

/**
 * A process without the API role (workers only) still answers GET /api/health/live and
 * /api/health/ready on PORT, so the orchestrator can watch it the same way.
 */
export async function startProbeServer(ctx: AppContext, port = ctx.config.port, host = ctx.config.host) {
  let draining = false;
  const app = express();
  app.disable('x-powered-by');
  app.use('/api', apiRouter([probeRoutes(ctx, () => draining)], { checkResponses: false, partial: true }));
  // Its jobs' durations are this process's metrics.
  app.get('/metrics', metricsRoute(ctx));
  const server = http.createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    throw portUnavailable(err, host, port);
  }
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${actual}`,
    async close() {
      draining = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
