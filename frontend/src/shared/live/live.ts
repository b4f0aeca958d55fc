/**
 * The signed-in person's live connection (docs/architecture.md, "Realtime rooms"): one Socket.IO connection
 * per tab while signed in, in the user's room (and the staff room for staff). Features listen with
 * `useLiveEvent('tickets:changed', …)`; the connection opens with the first listener and closes
 * with the last. socket.io-client is loaded only then, so the public pages do not carry it.
 */
import type { PersonServerEvents } from '@kino/backend/contract';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { getToken } from '../auth/session';

type LiveEvent = keyof PersonServerEvents;
type Payload<E extends LiveEvent> = Parameters<PersonServerEvents[E]>[0];
type Listener = (payload: unknown) => void;

const listeners = new Map<LiveEvent, Set<Listener>>();
let connection: { token: string; socket: Promise<Socket> } | null = null;

function listenerCount() {
  let count = 0;
  for (const set of listeners.values()) count += set.size;
  return count;
}

async function open(token: string): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io({ transports: ['websocket', 'polling'], auth: { token } });
  socket.onAny((event: string, payload: unknown) =>
    listeners.get(event as LiveEvent)?.forEach((listener) => listener(payload)),
  );
  // The server closes a person's sockets when their token or role changes: come back with the current token.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') queueMicrotask(sync);
  });
  return socket;
}

function close() {
  const closing = connection;
  connection = null;
  void closing?.socket.then((socket) => socket.disconnect());
}

/** Opens, reopens (another token) or closes the connection to match the session and the listeners. */
function sync() {
  const token = getToken();
  if (!token || listenerCount() === 0) return close();
  if (connection?.token === token) {
    void connection.socket.then((socket) => socket.connected || socket.connect());
    return;
  }
  close();
  connection = { token, socket: open(token) };
}

/** Calls `handler` for each push of `event` to this person while the component is mounted and signed in. */
export function useLiveEvent<E extends LiveEvent>(event: E, handler: (payload: Payload<E>) => void, enabled = true) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const token = getToken();
  useEffect(() => {
    if (!enabled) return;
    const listener: Listener = (payload) => latest.current(payload as Payload<E>);
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set.add(listener));
    sync();
    return () => {
      set.delete(listener);
      sync();
    };
  }, [event, enabled, token]);
}
