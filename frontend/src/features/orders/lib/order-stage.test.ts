import type { OrderView } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from '../../../shared/lib/server-clock';
import { isClosed, paymentDeadline, stageOf, STAGE_TITLES, ticketStateLabel } from './order-stage';

const decline = { reason: 'insufficient_funds', message: 'На карте недостаточно средств' };

describe('an order’s stage, from the server’s answer alone', () => {
  it('waits while pending, whatever the time', () => {
    expect(stageOf({ status: 'pending', decline: null })).toBe('waiting');
    expect(STAGE_TITLES.waiting).toBe('Ждём подтверждения оплаты…');
  });

  it('shows the tickets once paid (a reload of a paid order too)', () => {
    expect(stageOf({ status: 'paid', decline: null })).toBe('paid');
  });

  it('tells a declined payment from a cancelled order by the provider’s reason', () => {
    expect(stageOf({ status: 'cancelled', decline })).toBe('declined');
    expect(stageOf({ status: 'cancelled', decline: null })).toBe('cancelled');
  });

  it('says the time ran out for an expired order', () => {
    expect(stageOf({ status: 'expired', decline: null })).toBe('expired');
  });

  it('offers new seats only for orders that ended unpaid', () => {
    expect(isClosed('declined') && isClosed('expired') && isClosed('cancelled')).toBe(true);
    expect(isClosed('waiting') || isClosed('paid')).toBe(false);
  });
});

describe('the payment deadline', () => {
  const order = (expires_at: string, server_time: string) =>
    ({ expires_at, server_time }) as Pick<OrderView, 'expires_at' | 'server_time'>;

  it('counts down on the server’s clock, not this browser’s', () => {
    // This browser's clock is 47 s slow: the server says 12:00:00 when it reads 11:59:13.
    const receivedAt = Date.parse('2031-11-22T11:59:13Z');
    const { deadline, offset } = paymentDeadline(order('2031-11-22T12:15:00Z', '2031-11-22T12:00:00Z'), receivedAt);
    expect(formatRemaining(remainingMs(deadline, offset, receivedAt))).toBe('15:00');
    expect(formatRemaining(remainingMs(deadline, offset, receivedAt + 61_000))).toBe('13:59');
    expect(remainingMs(deadline, offset, receivedAt + 16 * 60_000)).toBe(0);
  });

  it('reads instants with a zone offset as the same moment', () => {
    const receivedAt = Date.parse('2031-11-22T12:00:00Z');
    const { deadline, offset } = paymentDeadline(
      order('2031-11-22T15:10:00+03:00', '2031-11-22T12:00:00.000Z'),
      receivedAt,
    );
    expect(offset).toBe(0);
    expect(formatRemaining(remainingMs(deadline, offset, receivedAt))).toBe('10:00');
  });
});

describe('a bought ticket’s state in words', () => {
  const ticket = { status: 'paid' as const, used_at: null, refund_status: null };

  it('names a live, a used and a refunded ticket', () => {
    expect(ticketStateLabel(ticket)).toBe('Оплачен');
    expect(ticketStateLabel({ ...ticket, used_at: '2031-11-22 19:02:00' })).toBe('Использован');
    expect(ticketStateLabel({ ...ticket, status: 'refunded', refund_status: 'succeeded' })).toBe('Возвращён');
  });

  it('says a refund is under way until the provider confirms it, and when it refused', () => {
    expect(ticketStateLabel({ ...ticket, refund_status: 'creating' })).toBe('Возврат оформляется');
    expect(ticketStateLabel({ ...ticket, refund_status: 'pending' })).toBe('Возврат оформляется');
    expect(ticketStateLabel({ ...ticket, refund_status: 'canceled' })).toBe('Оплачен, в возврате отказано');
  });
});
