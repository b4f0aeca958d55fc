import { describe, expect, it } from 'vitest';
import { describeError, errorFields, isConnectionError } from './operator-messages';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('operator messages', () => {
  it('name a refused, reset or timed-out connection, also when a client wraps it in its own code', () => {
    expect(describeError(withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED'))).toMatch(
      /^connection refused .*\(ECONNREFUSED\)$/,
    );
    // nodemailer: code ESOCKET, the socket's error in the message.
    expect(describeError(withCode('connect ECONNREFUSED 127.0.0.1:25', 'ESOCKET'))).toMatch(/^connection refused /);
    expect(describeError(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(
      'connection reset by the server (ECONNRESET)',
    );
    expect(describeError(withCode('connect ETIMEDOUT', 'ETIMEDOUT'))).toBe('connection timed out (ETIMEDOUT)');
  });

  it('say when credentials were refused, and hide passwords in quoted URLs', () => {
    expect(describeError(new Error('WRONGPASS invalid username-password pair or user is disabled.'))).toMatch(
      /^authentication failed: WRONGPASS/,
    );
    expect(describeError(new Error('cannot reach redis://:hunter2@cache:6379 in time'))).not.toContain('hunter2');
  });

  it('log a lost connection as its reason, and any other error with its stack', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED');
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(new Error('Reached the max retries per request limit (which is 2).'))).toBe(true);
    expect(errorFields(refused)).toEqual({ reason: expect.stringMatching(/^connection refused/) });
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(isConnectionError(bug)).toBe(false);
    expect(errorFields(bug)).toEqual({ err: bug });
  });
});
