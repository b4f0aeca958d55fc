/**
 * npx tsx scripts/bench/seat-write-cost.ts [-- --sockets 1000 --rounds 300]
 *
 * What it costs the server to write one seat delta to every socket of a big room, in CPU time
 * (user + system, so a busy machine inflates it far less than it inflates latency): the ways of
 * writing the same frame are timed in turn, round after round, on one Socket.IO server with
 * --sockets connected clients (a child process that reads and drops everything):
 *
 * - room broadcast: `io.to(room).emit` (Socket.IO's adapter, which pre-encodes the WebSocket frame once);
 * - per socket, encoded once: `socket.conn.write(packet)` for each socket, as realtime/fanout.ts
 *   writes (it must: each socket has its own version and backlog);
 * - per socket, pre-encoded frame: the same with the WebSocket frame built once (`wsPreEncodedFrame`).
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Server } from 'socket.io';
import { LeanSocketIo, percentile, sleep } from './bench-lib';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '300' },
    clients: { type: 'string' },
  },
});

if (args.clients) {
  // The client side: connect, join, drop what arrives.
  const url = args.clients;
  const n = Number(args.sockets);
  for (let i = 0; i < n; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => LeanSocketIo.connect(url, '')));
  }
  process.send!('ready');
} else {
  await main();
}

async function main() {
  const n = Number(args.sockets);
  const rounds = Number(args.rounds);
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  io.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients = fork(import.meta.filename, ['--clients', url, '--sockets', String(n)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => clients.once('message', resolve));
  while (io.of('/').sockets.size < n) await sleep(50);
  const sockets = [...io.of('/').sockets.values()];

  const delta = (version: number) => [{ sessionId: 123, version, changes: [{ seat: 'r10m11', state: 'held' }] }];
  // ws as engine.io uses it, for the pre-encoded frame.
  const requireFromEngine = createRequire(createRequire(import.meta.url).resolve('engine.io'));
  const { Sender } = requireFromEngine('ws') as {
    Sender: { frame(data: Buffer, options: object): Buffer[] };
  };
  const onSent = () => undefined;
  const ways: Record<string, (version: number) => void> = {
    'room broadcast': (v) => io.to('room').emit('seats:deltas' as never, delta(v) as never),
    'per socket, encoded once': (v) => {
      const packet = `2${JSON.stringify(['seats:deltas', delta(v)])}`;
      for (const socket of sockets) socket.conn.write(packet, { compress: false }, onSent);
    },
    'per socket, pre-encoded frame': (v) => {
      const packet = `2${JSON.stringify(['seats:deltas', delta(v)])}`;
      const options = {
        compress: false,
        wsPreEncodedFrame: Sender.frame(Buffer.from(`4${packet}`), {
          readOnly: false,
          mask: false,
          rsv1: false,
          opcode: 1,
          fin: true,
        }),
      };
      for (const socket of sockets) socket.conn.write(packet, options, onSent);
    },
  };
  const cpuUs: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  const wallMs: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  let version = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [name, write] of Object.entries(ways)) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      write(++version);
      wallMs[name]!.push(performance.now() - t0);
      const used = process.cpuUsage(cpu);
      cpuUs[name]!.push(used.user + used.system);
      await sleep(5); // the writes complete, the clients read
    }
  }
  console.log(`seat-write-cost — one delta to ${n} sockets, ${rounds} rounds, ways in turn`);
  console.log(`${''.padEnd(32)}${'CPU µs/socket p50'.padStart(20)}${'wall ms p50 / p99'.padStart(20)}`);
  for (const name of Object.keys(ways)) {
    const perSocket = percentile(cpuUs[name]!, 50) / n;
    const wall = `${percentile(wallMs[name]!, 50).toFixed(1)} / ${percentile(wallMs[name]!, 99).toFixed(1)}`;
    console.log(`${name.padEnd(32)}${perSocket.toFixed(2).padStart(20)}${wall.padStart(20)}`);
  }
  clients.kill();
  await io.close();
}
