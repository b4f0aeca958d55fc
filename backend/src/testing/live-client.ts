/**
 * A client of the people rooms for tests: a real Socket.IO client that records every push of the
 * event map (dashboard, sales, tickets, account) in arrival order.
 */
import { io, type Socket } from 'socket.io-client';
import type { PersonServerEvents } from '../contract/events';

type EventName = keyof PersonServerEvents;

export interface Push {
  event: EventName;
  payload: unknown;
}

export type LiveClient = Socket & {
  pushes: Push[];
  /** Resolves with the first push of `event` (already received or coming) that matches. */
  waitFor(event: EventName, match?: (payload: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** How many pushes of `event` arrived so far. */
  count(event: EventName): number;
};

const EVENTS: EventName[] = ['dashboard:changed', 'sales:changed', 'tickets:changed', 'account:changed'];

export async function connectLiveClient(url: string, token?: string): Promise<LiveClient> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  }) as LiveClient;
  socket.pushes = [];
  const waiters = new Set<(push: Push) => void>();
  for (const event of EVENTS) {
    socket.on(event as string, (payload: unknown) => {
      const push = { event, payload };
      socket.pushes.push(push);
      for (const waiter of waiters) waiter(push);
    });
  }
  socket.count = (event) => socket.pushes.filter((p) => p.event === event).length;
  socket.waitFor = (event, match = () => true, timeoutMs = 10_000) => {
    const seen = socket.pushes.find((p) => p.event === event && match(p.payload));
    if (seen) return Promise.resolve(seen.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no ${event} push arrived`));
      }, timeoutMs);
      const waiter = (push: Push) => {
        if (push.event !== event || !match(push.payload)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(push.payload);
      };
      waiters.add(waiter);
    });
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
