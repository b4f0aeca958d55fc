/**
 * Countdowns to the server's deadlines (a seat hold, an order's payment). A deadline is an instant on
 * the server's clock; this browser's clock may be off by seconds or minutes, so every answer that
 * carries the server's time (`now` of a seat snapshot or hold, `server_time` of an order) gives the
 * offset between the two, and the time left is counted on the server's clock. The clock ticks by
 * whole seconds and is read when the countdown renders, never kept from the moment it mounted: a
 * countdown shown long after its component appeared starts at the right value (it used to start at
 * 10:09–10:17 for a 600 s hold, the seconds the viewer had spent on the page first).
 */
import { useSyncExternalStore } from 'react';

/**
 * Server clock minus this browser's clock, from a server time read during a request: the server read
 * it somewhere between sending and receiving, so the middle of the round trip is the best guess.
 */
export function clockOffset(serverNow: number, receivedAt: number, sentAt = receivedAt): number {
  return serverNow - (sentAt + (receivedAt - sentAt) / 2);
}

/** Milliseconds left until a server deadline, at this browser's `clientNow` (never below zero). */
export function remainingMs(deadline: number, offset: number, clientNow: number): number {
  return Math.max(0, deadline - (clientNow + offset));
}

/** 581000 → '09:41'. */
export function formatRemaining(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

// One ticking clock for every countdown on the page, running only while one is shown.
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Checked four times a second so that each second is shown on time; React renders only on a new one.
  timer ??= window.setInterval(() => listeners.forEach((notify) => notify()), 250);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Milliseconds left until `deadline` (server epoch ms) given the server's `offset`, re-rendering each
 * second; null without a deadline.
 */
export function useServerCountdown(deadline: number | null, offset: number): number | null {
  const second = useSyncExternalStore(subscribe, currentSecond, currentSecond);
  // Read at the start of the second: the display turns on each second, at most that second late.
  return deadline === null ? null : remainingMs(deadline, offset, second);
}
