/**
 * Every emulator's last start-up step: its HTTP server listens (loopback and a free port unless told
 * otherwise), and the answer is the port it got.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listenOn(server: Server, options: { port?: number; host?: string }): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}
