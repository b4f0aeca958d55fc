/**
 * A task run every `intervalMs` in this process, never overlapping itself: a slow round (a busy
 * Redis or database) is not stacked with the next. `stop()` waits for the round in progress, at
 * most `timeoutMs`: a round stuck on a dependency that stopped answering must not hold up shutdown.
 */
import { settledWithin } from './time-limit';

export interface Repeating {
  stop(timeoutMs?: number): Promise<void>;
}

export function repeatEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (err: unknown) => void,
): Repeating {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= task()
      .catch(onError)
      .finally(() => (running = undefined));
  }, intervalMs);
  return {
    async stop(timeoutMs = 2000) {
      clearInterval(timer);
      if (running) await settledWithin(running, timeoutMs);
    },
  };
}
