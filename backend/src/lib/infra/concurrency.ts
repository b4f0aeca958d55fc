/**
 * Runs `work` over the items with at most `limit` calls in flight; the results keep the items'
 * order. The first failure rejects the whole call once the calls already started have settled, so
 * nothing keeps running (and writing files) behind the caller's back while it cleans up.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
  return results;
}
