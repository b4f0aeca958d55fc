/**
 * Waits for a promise to settle, at most `timeoutMs`; resolves true if it settled in time. For
 * shutdown steps that must not hang on a dependency that stopped answering (a hung Redis).
 */
export async function settledWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  return settled;
}
