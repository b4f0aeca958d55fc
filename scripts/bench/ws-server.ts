/**
 * The fan-out baseline: a bare `ws` server. A client's message 'h<id>' is answered 'a<id>:<seq>'
 * and broadcast as 'd<seq>' to every other client — what the seat server does per change, minus
 * Socket.IO, Redis and the rules. Run by seats.ts.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { serveParent } from './bench-lib';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((r) => server.once('listening', r));
let seq = 0;
server.on('connection', (ws: WebSocket) => {
  ws.on('message', (data: Buffer) => {
    const id = data.toString().slice(1);
    seq++;
    ws.send(`a${id}:${seq}`);
    const delta = `d${seq}`;
    for (const client of server.clients) if (client !== ws) client.send(delta);
  });
});
serveParent({}, async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((r) => server.close(r));
});
const { port } = server.address() as { port: number };
process.send!({ type: 'ready', url: `ws://127.0.0.1:${port}` });
