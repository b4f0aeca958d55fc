/**
 * A seat-map client for tests and the benchmark: a real Socket.IO client over a websocket, as
 * the browser connects, with helpers to await acknowledgements and deltas.
 */
import { io, type Socket } from 'socket.io-client';
import type { SeatClientEvents, SeatDelta, SeatServerEvents, SeatSnapshot } from '../contract/seats';

export type SeatClient = Socket<SeatServerEvents, SeatClientEvents> & {
  /** Every delta received so far, in order. */
  deltas: SeatDelta[];
  /** Resolves with the first delta (already received or coming) that matches. */
  waitForDelta(match: (delta: SeatDelta) => boolean, timeoutMs?: number): Promise<SeatDelta>;
  /** Joins a session's hall; rejects when refused. */
  join(sessionId: number): Promise<SeatSnapshot>;
};

type AckOf<E extends keyof SeatClientEvents> = Parameters<Parameters<SeatClientEvents[E]>[1]>[0];

/** Emits an event and resolves with its acknowledgement. */
export function request<E extends keyof SeatClientEvents>(
  socket: Socket<SeatServerEvents, SeatClientEvents>,
  event: E,
  payload: Parameters<SeatClientEvents[E]>[0],
): Promise<AckOf<E>> {
  return (socket.timeout(10_000) as unknown as { emitWithAck(e: E, p: unknown): Promise<AckOf<E>> }).emitWithAck(
    event,
    payload,
  );
}

/**
 * `headers` go with the websocket's upgrade request (a cookie, say). `reconnection`: connect again by
 * itself when the connection drops, as the site's seat map does (off by default).
 */
export async function connectSeatClient(
  url: string,
  token?: string,
  { headers, reconnection = false }: { headers?: Record<string, string>; reconnection?: boolean } = {},
): Promise<SeatClient> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    extraHeaders: headers,
    reconnection,
    forceNew: true,
  }) as SeatClient;
  socket.deltas = [];
  const waiters = new Set<(delta: SeatDelta) => void>();
  socket.on('seats:deltas', (deltas) => {
    for (const delta of deltas) {
      socket.deltas.push(delta);
      for (const waiter of waiters) waiter(delta);
    }
  });
  socket.waitForDelta = (match, timeoutMs = 10_000) => {
    const seen = socket.deltas.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error('no matching seat delta arrived'));
      }, timeoutMs);
      const waiter = (delta: SeatDelta) => {
        if (!match(delta)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(delta);
      };
      waiters.add(waiter);
    });
  };
  socket.join = async (sessionId) => {
    const ack = await request(socket, 'seats:join', { sessionId });
    if (!ack.ok) throw new Error(`join refused: ${ack.reason}`);
    return ack.snapshot;
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** True when a delta says this seat took this state. */
export const says =
  (seat: string, state: SeatDelta['changes'][number]['state']) =>
  (delta: SeatDelta): boolean =>
    delta.changes.some((c) => c.seat === seat && c.state === state);

/** Sockets opened by a test file, closed after it. */
export function socketPool(url: () => string) {
  const open: SeatClient[] = [];
  return {
    async connect(token?: string, base = url()) {
      const client = await connectSeatClient(base, token);
      open.push(client);
      return client;
    },
    closeAll: () => open.forEach((c) => c.disconnect()),
  };
}

/** The deltas of a session a client received after a snapshot of it. */
export const deltasAfter = (client: SeatClient, snapshot: SeatSnapshot) =>
  client.deltas.filter((d) => d.sessionId === snapshot.sessionId && d.version > snapshot.version);

/** A snapshot with deltas applied, as a seat map shows it (seats sorted, like snapshots). */
export function replay(snapshot: SeatSnapshot, deltas: SeatDelta[]): Pick<SeatSnapshot, 'sold' | 'held' | 'mine'> {
  const seats = new Map<string, string>();
  for (const state of ['sold', 'held', 'mine'] as const) for (const seat of snapshot[state]) seats.set(seat, state);
  for (const { changes } of deltas) for (const { seat, state } of changes) seats.set(seat, state);
  const having = (state: string) =>
    [...seats]
      .filter(([, s]) => s === state)
      .map(([seat]) => seat)
      .sort();
  return { sold: having('sold'), held: having('held'), mine: having('mine') };
}
