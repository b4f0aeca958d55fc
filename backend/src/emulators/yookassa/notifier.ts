/**
 * Notifications as YooKassa sends them: POST `{ type: 'notification', event, object }` (the object as it
 * stood when the event happened) to the shop's notification URL, from 127.0.0.1. Only an HTTP 200 ends a
 * delivery; any other answer, a connection error or no answer within 10 s is a failure, and the same body
 * is sent again after each of `redeliveryDelaysMs` in turn (YooKassa retries for 24 hours at growing
 * intervals: docs/architecture.md, "YooKassa facts the code relies on"). Every attempt is recorded. With `dropping` on, notifications are lost on the way
 * (recorded, never sent, never redelivered); with no URL set, there is nowhere to send them (the same).
 */
import http from 'node:http';
import https from 'node:https';
import type { Logger } from '../../lib/infra/logger';

export interface Delivery {
  event: string;
  objectId: string;
  /** 1 for the first sending, then 2, 3, … for redeliveries. */
  attempt: number;
  /** The HTTP status the shop answered; null when it did not answer (or the notification was not sent). */
  status: number | null;
  /** Why there is no status: a connection error, a timeout, 'dropped' or 'no notification URL'. */
  error: string | null;
  at: string;
}

export interface NotifierOptions {
  redeliveryDelaysMs: readonly number[];
  notificationUrl?: string;
  logger?: Pick<Logger, 'debug' | 'warn'>;
}

const ATTEMPT_TIMEOUT_MS = 10_000;

/** See the file's comment. */
export function createNotifier(options: NotifierOptions) {
  let url = options.notificationUrl ?? null;
  let dropping = false;
  let closed = false;
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<http.ClientRequest>();
  const waiters: { match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }[] = [];

  function record(delivery: Delivery) {
    deliveries.push(delivery);
    for (const waiter of [...waiters]) {
      if (waiter.match(delivery)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(delivery);
      }
    }
    return delivery;
  }

  /** One POST; resolves with the status, or an error text when there was no answer. */
  function post(target: string, body: string): Promise<{ status: number } | { error: string }> {
    return new Promise((resolve) => {
      const parsed = new URL(target);
      const request = (parsed.protocol === 'https:' ? https : http).request(parsed, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        // The shop allows notifications by source address: they leave from 127.0.0.1, over IPv4.
        localAddress: '127.0.0.1',
        family: 4,
        // A new connection each time, so no idle socket outlives a delivery (or keeps the shop's server up).
        agent: false,
        timeout: ATTEMPT_TIMEOUT_MS,
      });
      inFlight.add(request);
      const done = (outcome: { status: number } | { error: string }) => {
        inFlight.delete(request);
        resolve(outcome);
      };
      request.on('response', (res) => {
        res.resume();
        done({ status: res.statusCode ?? 0 });
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
      request.on('error', (err) => done({ error: err.message }));
      request.end(body);
    });
  }

  async function attempt(event: string, objectId: string, body: string, number: number): Promise<Delivery> {
    const at = new Date().toISOString();
    const base = { event, objectId, attempt: number, at };
    if (closed) return { ...base, status: null, error: 'emulator closed' };
    if (dropping) return record({ ...base, status: null, error: 'dropped' });
    if (!url) return record({ ...base, status: null, error: 'no notification URL' });
    const outcome = await post(url, body);
    if (closed) return { ...base, status: null, error: 'emulator closed' };
    const delivery = record({
      ...base,
      status: 'status' in outcome ? outcome.status : null,
      error: 'error' in outcome ? outcome.error : null,
    });
    if (delivery.status === 200) {
      options.logger?.debug({ event, objectId, attempt: number }, 'YooKassa emulator: notification delivered');
      return delivery;
    }
    const delay = options.redeliveryDelaysMs[number - 1];
    options.logger?.warn(
      { event, objectId, attempt: number, status: delivery.status, error: delivery.error, redeliveryInMs: delay },
      'YooKassa emulator: notification not accepted',
    );
    if (delay !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(event, objectId, body, number + 1);
      }, delay);
      timers.add(timer);
    }
    return delivery;
  }

  return {
    deliveries: deliveries as readonly Delivery[],

    /** Sends a notification now (and again on failure); resolves with the first attempt. */
    send(event: string, object: { id: string }): Promise<Delivery> {
      const body = JSON.stringify({ type: 'notification', event, object });
      return attempt(event, object.id, body, 1);
    },

    setUrl(next: string | null) {
      url = next;
    },

    setDropping(on: boolean) {
      dropping = on;
    },

    /** The first recorded attempt that matches, now or when it happens. */
    delivery(match: (d: Delivery) => boolean): Promise<Delivery> {
      const found = deliveries.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },

    /** Attempts under way or waiting for their redelivery time. */
    pending: () => timers.size + inFlight.size,

    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const request of inFlight) request.destroy();
      inFlight.clear();
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
