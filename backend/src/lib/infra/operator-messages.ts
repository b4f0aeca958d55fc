/**
 * Messages for the operator (start-up failures, logs): English, precise, and free of secrets.
 * One place that hides passwords in URLs and names what a network error means.
 */

/** Hides the password (and a user name standing alone, as Redis uses it for the password) of a URL. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    else if (u.username && u.protocol.startsWith('redis')) u.username = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Every URL with credentials in a text, redacted (driver messages sometimes quote the connection string). */
export const redactUrlsIn = (text: string): string =>
  text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"]*@[^\s'"]*/gi, (url) => redactUrl(url));

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens there, or a firewall rejects it)',
  ECONNRESET: 'connection reset by the server',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed (DNS unavailable)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed by the server',
};

const NETWORK_CODE_IN_TEXT = new RegExp(`\\b(${Object.keys(NETWORK_CODES).join('|')})\\b`);

/**
 * The code of an error or of the first error it wraps (AggregateError, cause chains). A client that
 * wraps the socket's error in its own code (nodemailer's ESOCKET) still names the network's in its message.
 */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof AggregateError && e.errors.length > 0) return codeOf(e.errors[0]);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES[code]) return code;
      const named = e instanceof Error ? NETWORK_CODE_IN_TEXT.exec(e.message)?.[1] : undefined;
      return named ?? code;
    }
  }
  return undefined;
}

/** A failure of the connection itself (refused, reset, timed out, unknown host, refused credentials), not of a command. */
export function isConnectionError(err: unknown): boolean {
  const code = codeOf(err);
  if (code && NETWORK_CODES[code]) return true;
  const message = err instanceof Error ? err.message : String(err);
  // ioredis, once its retries of a command are spent or its connection is down for good.
  return /WRONGPASS|NOAUTH|invalid username-password|Connection is closed|max retries per request|Stream isn't writeable/i.test(
    message,
  );
}

/**
 * The log fields of a failure: a lost connection (Redis down, refused, timed out) is its reason in
 * one line, as its stack says nothing more; any other error keeps its stack, for the bug it is.
 */
export const errorFields = (err: unknown): { reason: string } | { err: unknown } =>
  isConnectionError(err) ? { reason: describeError(err) } : { err };

/** One line saying why a connection or call failed: "connection refused (ECONNREFUSED)", or the message. */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return describeError(err.errors[0]);
  const code = codeOf(err);
  if (code && NETWORK_CODES[code]) return `${NETWORK_CODES[code]} (${code})`;
  const message = err instanceof Error ? err.message : String(err);
  if (/WRONGPASS|NOAUTH|invalid username-password/i.test(message)) return `authentication failed: ${message}`;
  if (/timed? ?out/i.test(message)) return `no answer in time: ${redactUrlsIn(message)}`;
  const text = redactUrlsIn(message || String(code ?? 'unknown error'));
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/** A port the API cannot listen on: the message says which and why. */
export class PortUnavailableError extends Error {
  override name = 'PortUnavailableError';
}

/** The operator's reading of a failed listen() on the port that `variable` configures. */
export function portUnavailable(err: unknown, host: string, port: number, variable = 'PORT'): Error {
  const code = codeOf(err);
  const where = `port ${port} on ${host}`;
  if (code === 'EADDRINUSE') {
    return new PortUnavailableError(
      `Cannot listen on ${where}: the port is already in use by another process. ` +
        `Stop that process or set ${variable} to a free port.`,
    );
  }
  if (code === 'EACCES') {
    return new PortUnavailableError(
      `Cannot listen on ${where}: permission denied (ports below 1024 need privileges). Set ${variable} above 1023.`,
    );
  }
  if (code === 'EADDRNOTAVAIL') {
    return new PortUnavailableError(`Cannot listen on ${where}: this machine has no such address. Check HOST.`);
  }
  return err instanceof Error ? err : new Error(String(err));
}
