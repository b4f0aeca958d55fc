/**
 * A task run every `intervalMs` in this process, never overlapping itself: a slow round (a busy
 * Redis or database) is not stacked with the next. `stop()` waits for the round in progress.
 */
export interface Repeating {
  stop(): Promise<void>;
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
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
