/**
 * The check-in code of a ticket: its id, session and seat, signed so that the door can trust it
 * offline and nobody can make one up — 'KINO-12-3-R5M6-7QXK2M4TBE6FJH3A'.
 *
 * - The signature is HMAC-SHA256 under a key derived from APP_SECRET (a key of its own, so a
 *   bearer token's signature can never pass for a code), cut to 80 bits: guessing a valid code for
 *   a known ticket id takes ~2^79 tries, so codes cannot be enumerated from the ids.
 * - Upper-case letters, digits and '-' only: the QR code uses its dense alphanumeric mode, and a
 *   cashier may type the code in any case and with stray spaces.
 * - Verification compares signatures in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEAT_CODE_RE } from '../../contract/constants';

export interface CheckInPayload {
  ticketId: number;
  sessionId: number;
  /** Seat code, 'r5m6'. */
  seat: string;
}

const PREFIX = 'KINO';
const SIGNATURE_BYTES = 10;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODE_RE = /^KINO-([1-9]\d{0,9})-([1-9]\d{0,9})-(R\d{1,2}M\d{1,2})-([A-Z2-7]{16})$/;

/** RFC 4648 base32 without padding (10 bytes → 16 characters). */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

const codeKey = (secret: string) => createHmac('sha256', secret).update('kino/check-in-code/v1').digest();

function signature(secret: string, { ticketId, sessionId, seat }: CheckInPayload): string {
  const mac = createHmac('sha256', codeKey(secret)).update(`${ticketId}-${sessionId}-${seat}`).digest();
  return base32(mac.subarray(0, SIGNATURE_BYTES));
}

export function signCheckInCode(secret: string, payload: CheckInPayload): string {
  const { ticketId, sessionId, seat } = payload;
  return `${PREFIX}-${ticketId}-${sessionId}-${seat.toUpperCase()}-${signature(secret, payload)}`;
}

/** The payload of a genuine code (as scanned or typed), or undefined for anything else. */
export function verifyCheckInCode(secret: string, text: string): CheckInPayload | undefined {
  const match = CODE_RE.exec(text.replace(/\s+/g, '').toUpperCase());
  if (!match) return undefined;
  const [, ticket, session, seatText, given] = match;
  const seat = seatText!.toLowerCase();
  if (!SEAT_CODE_RE.test(seat)) return undefined;
  const payload = { ticketId: Number(ticket), sessionId: Number(session), seat };
  const expected = signature(secret, payload);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given!)) ? payload : undefined;
}
