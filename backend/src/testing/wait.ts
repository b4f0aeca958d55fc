/**
 * Waiting in tests: on something a user or client can observe, never on the wall clock alone.
 *
 *   await until(() => ready(api), 20_000, 'readiness did not recover');
 *
 * A rule that depends on the time is tested with the injected clock instead (`ManualClock`,
 * lib/infra/clock.ts): `createTestContext({ clock })`, then `clock.advance(ms)`.
 */

/**
 * Polls `check` every 50 ms until it holds; throws `message` after `timeoutMs`, or at once when
 * `giveUp` names a reason to stop (a process that exited, say).
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  message: string | (() => string),
  giveUp: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const reason = giveUp();
    if (reason) throw new Error(reason);
    if (Date.now() >= deadline) throw new Error(typeof message === 'string' ? message : message());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Lets `ms` pass. Only to show that something does not happen within a window (no second broadcast, no
 * stray frame); anything that should happen is waited for with `until`.
 */
export const quietFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
