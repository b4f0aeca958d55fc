import { describe, expect, it } from 'vitest';
import { refundTarget } from './refund';

describe('the ticket to refund', () => {
  it('is a number when digits are typed, a code when a QR is scanned', () => {
    expect(refundTarget('42')).toEqual({ ticket_id: 42 });
    expect(refundTarget(' №42 ')).toEqual({ ticket_id: 42 });
    expect(refundTarget('t1.5.r3m1.AbC-xyz_09')).toEqual({ code: 't1.5.r3m1.AbC-xyz_09' });
    // Too large for a ticket's number: it can only be a code (the server says whether it is one).
    expect(refundTarget('99999999999')).toEqual({ code: '99999999999' });
    expect(refundTarget('0')).toEqual({ code: '0' });
    expect(refundTarget('   ')).toBeNull();
  });
});
