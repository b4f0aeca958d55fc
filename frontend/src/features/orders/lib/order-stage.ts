/**
 * What an order's page shows, decided only by the server's answer (the browser never decides that
 * money moved): its stage, the stage's title, the payment deadline on the server's clock, and each
 * ticket's state in words. Plain functions, tested apart from the page.
 */
import {
  TICKET_STATUS_LABELS,
  UNSETTLED_REFUND_STATUSES,
  type OrderView,
  type OwnTicket,
  type RefundStatus,
} from '@kino/backend/contract';
import { clockOffset } from '../../../shared/lib/server-clock';

/**
 * waiting: pending, the provider has not said yet; declined: the provider refused the payment (the
 * order is cancelled and `decline` says why); cancelled: given up by the buyer or never reached the
 * provider; expired: not paid in time.
 */
export type OrderStage = 'waiting' | 'paid' | 'declined' | 'expired' | 'cancelled';

export function stageOf(order: Pick<OrderView, 'status' | 'decline'>): OrderStage {
  switch (order.status) {
    case 'pending':
      return 'waiting';
    case 'paid':
      return 'paid';
    case 'expired':
      return 'expired';
    case 'cancelled':
      return order.decline ? 'declined' : 'cancelled';
  }
}

/** The page's heading in each stage (also what the live region announces when the stage changes). */
export const STAGE_TITLES: Record<OrderStage, string> = {
  waiting: 'Ждём подтверждения оплаты…',
  paid: 'Заказ оплачен',
  declined: 'Оплата не прошла',
  expired: 'Время на оплату истекло',
  cancelled: 'Заказ отменён',
};

export type ClosedStage = Exclude<OrderStage, 'waiting' | 'paid'>;

/** Stages after which the seats are free again, unsold: the page offers to choose seats anew. */
export const isClosed = (stage: OrderStage): stage is ClosedStage => stage !== 'waiting' && stage !== 'paid';

/**
 * The payment deadline as a countdown needs it: the instant on the server's clock and the offset of
 * this browser's clock, measured from the answer's `server_time` and when it arrived.
 */
export function paymentDeadline(
  order: Pick<OrderView, 'expires_at' | 'server_time'>,
  receivedAt: number,
): { deadline: number; offset: number } {
  return { deadline: Date.parse(order.expires_at), offset: clockOffset(Date.parse(order.server_time), receivedAt) };
}

const isUnsettled = (status: RefundStatus | null) =>
  status !== null && (UNSETTLED_REFUND_STATUSES as readonly RefundStatus[]).includes(status);

/** A bought ticket's state: 'Оплачен', 'Возвращён', 'Возврат оформляется', 'Использован'… */
export function ticketStateLabel(ticket: Pick<OwnTicket, 'status' | 'used_at' | 'refund_status'>): string {
  if (ticket.status === 'paid' && isUnsettled(ticket.refund_status)) return 'Возврат оформляется';
  if (ticket.status === 'paid' && ticket.used_at) return 'Использован';
  if (ticket.status === 'paid' && ticket.refund_status === 'canceled') return 'Оплачен, в возврате отказано';
  return TICKET_STATUS_LABELS[ticket.status];
}
