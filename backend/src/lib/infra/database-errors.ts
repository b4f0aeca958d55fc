/** Failures of the database that are the database's, not the caller's (a 503: try again). */
/**
 * True when a query failed because the database could not be reached or had no connection free
 * (pool wait timed out, server gone, too many clients), or a row lock was held past the lock
 * timeout (55P03): a 503 for the caller — try again — not a bug.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '53300', '55P03'].includes(code)
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}
