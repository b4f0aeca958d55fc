import { describe, expect, it } from 'vitest';
import { clockOffset, formatRemaining, remainingMs } from './server-clock';

describe('counting down to a server deadline', () => {
  it('measures the server’s clock against this browser’s from the middle of the round trip', () => {
    expect(clockOffset(10_500, 10_000)).toBe(500);
    // Asked at 8 s, answered at 10 s: the server read its 20 s clock at about 9 s of ours.
    expect(clockOffset(20_000, 10_000, 8_000)).toBe(11_000);
    expect(clockOffset(5_000, 10_000, 10_000)).toBe(-5_000);
  });

  it('starts a 600 s hold at 10:00 whatever this browser’s clock says', () => {
    const serverNow = 1_700_000_000_000;
    const deadline = serverNow + 600_000;
    // This browser is 13 s behind the server (the cause of the 10:13 start), or 2 min ahead.
    for (const skew of [-13_000, 120_000]) {
      const clientNow = serverNow + skew;
      const offset = clockOffset(serverNow, clientNow);
      expect(formatRemaining(remainingMs(deadline, offset, clientNow))).toBe('10:00');
      expect(formatRemaining(remainingMs(deadline, offset, clientNow + 19_000))).toBe('09:41');
    }
  });

  it('never counts below zero once the deadline has passed', () => {
    expect(remainingMs(1_000, 0, 5_000)).toBe(0);
    expect(remainingMs(1_000, 500, 600)).toBe(0);
    expect(remainingMs(1_000, 500, 400)).toBe(100);
  });

  it('writes the time left as minutes and seconds', () => {
    expect(formatRemaining(581_000)).toBe('09:41');
    expect(formatRemaining(600_000)).toBe('10:00');
    expect(formatRemaining(999)).toBe('00:00');
    expect(formatRemaining(15 * 60_000)).toBe('15:00');
  });
});
