/** The API process role: HTTP and Socket.IO on one port. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { AppContext } from './context';
import { attachRealtime } from './realtime';

export interface RunningApi {
  server: http.Server;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

export async function startApi(ctx: AppContext, port = ctx.config.port, host = ctx.config.host): Promise<RunningApi> {
  const app = createApp(ctx);
  const server = http.createServer(app);
  const realtime = attachRealtime(ctx, server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    await realtime.close();
    throw err;
  }
  const address = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${address.port}`;
  return {
    server,
    url,
    async close() {
      // Closing Socket.IO closes the HTTP server; open keep-alive connections must not hold it up.
      const closing = realtime.close();
      server.closeAllConnections();
      await closing;
    },
  };
}
