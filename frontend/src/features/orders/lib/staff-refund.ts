/**
 * What a staff refund's answer means — the provider may refund at once, take its time, or refuse; the
 * order the server answers says which, line by line. Which lines may be refunded the server says
 * itself (each line's `refundable`).
 */
import {
  formatRoubles,
  UNSETTLED_REFUND_STATUSES,
  type OrderLine,
  type RefundStatus,
  type StaffOrder,
} from '@kino/backend/contract';

const unsettled = (status: RefundStatus) => (UNSETTLED_REFUND_STATUSES as readonly RefundStatus[]).includes(status);

export interface RefundOutcome {
  kind: 'error' | 'success';
  text: string;
}

/** What became of the lines asked for, from the order the refund answered. */
export function refundOutcome(order: StaffOrder, asked: readonly OrderLine[]): RefundOutcome {
  const ids = new Set(asked.map((line) => line.ticket_id));
  const lines = order.lines.filter((line) => ids.has(line.ticket_id));
  const refused = lines.filter((line) => line.refund?.status === 'canceled');
  if (refused.length > 0) {
    const reasons = refused.map((line) => `билет №${line.ticket_id}: ${line.refund?.refusal ?? 'без объяснения'}`);
    return { kind: 'error', text: `Платёжный сервис отказал в возврате (${reasons.join('; ')})` };
  }
  if (lines.some((line) => line.refund && unsettled(line.refund.status))) {
    return {
      kind: 'success',
      text: 'Возврат оформляется: билеты станут возвращёнными, когда платёжный сервис подтвердит возврат',
    };
  }
  const amount = lines.reduce((sum, line) => sum + (line.refund?.amount ?? 0), 0);
  return { kind: 'success', text: `Деньги возвращены: ${lines.length} бил. на ${formatRoubles(amount)}` };
}
