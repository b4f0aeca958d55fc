import { describe, expect, it } from 'vitest';
import { signCheckInCode, verifyCheckInCode } from './check-in-code';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const payload = { ticketId: 12, sessionId: 3, seat: 'r5m6' };

describe('check-in codes', () => {
  it('reads back the ticket, session and seat of a code it signed', () => {
    const code = signCheckInCode(SECRET, payload);
    expect(code).toMatch(/^KINO-12-3-R5M6-[A-Z2-7]{16}$/);
    expect(verifyCheckInCode(SECRET, code)).toEqual(payload);
  });

  it('keeps to the characters of the QR alphanumeric mode', () => {
    expect(signCheckInCode(SECRET, { ticketId: 2_000_000_000, sessionId: 77, seat: 'r10m11' })).toMatch(/^[0-9A-Z-]+$/);
  });

  it('accepts a code typed in lower case with spaces around and inside', () => {
    const code = signCheckInCode(SECRET, payload);
    expect(verifyCheckInCode(SECRET, `  ${code.toLowerCase().replace('-r5m6-', '-r5m6- ')} \n`)).toEqual(payload);
  });

  it('refuses a code whose ticket, session or seat was changed', () => {
    const code = signCheckInCode(SECRET, payload);
    expect(verifyCheckInCode(SECRET, code.replace('KINO-12-', 'KINO-13-'))).toBeUndefined();
    expect(verifyCheckInCode(SECRET, code.replace('-3-R5M6-', '-4-R5M6-'))).toBeUndefined();
    expect(verifyCheckInCode(SECRET, code.replace('R5M6', 'R5M7'))).toBeUndefined();
  });

  it('refuses a code with a changed signature character, and one signed with another secret', () => {
    const code = signCheckInCode(SECRET, payload);
    const last = code.at(-1)!;
    expect(verifyCheckInCode(SECRET, code.slice(0, -1) + (last === 'A' ? 'B' : 'A'))).toBeUndefined();
    expect(verifyCheckInCode('another-secret-another-secret-another-1', code)).toBeUndefined();
  });

  it('gives each ticket a different signature', () => {
    const signatures = Array.from({ length: 50 }, (_, i) =>
      signCheckInCode(SECRET, { ...payload, ticketId: i + 1 })
        .split('-')
        .at(-1),
    );
    expect(new Set(signatures).size).toBe(50);
  });

  it.each([
    '',
    'KINO',
    'KINO-12-3-R5M6',
    'KINO-0-3-R5M6-AAAAAAAAAAAAAAAA',
    'KINO-12-3-R11M1-AAAAAAAAAAAAAAAA',
    '<script>',
  ])('refuses the malformed code %j', (text) => {
    expect(verifyCheckInCode(SECRET, text)).toBeUndefined();
  });
});
