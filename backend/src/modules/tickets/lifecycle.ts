/**
 * A ticket's lifecycle (docs/architecture.md, "Lifecycles"): its named transitions — from which state
 * to which, under which lock, with which audit action, and where — and the one answer to "may this
 * ticket be refunded, by whom, now?" (`refundRefusal`), which every refund path and every presenter asks.
 */
import { mayRefundAfterStart } from '../../contract/access';
import type { OrderAction, RefundStatus, Role, TicketStatus } from '../../contract/constants';
import { paidThroughProvider } from '../../contract/constants';
import { toCinemaTime } from '../../contract/time';
import { type AppError, conflict, invalidInput } from '../../lib/http/errors';
import { sessionState, type SessionTimes } from '../schedules/lifecycle';
import { isUnsettled } from './state';

export interface Transition<S extends string> {
  /** The states it starts from; empty for a row that is created in `to`. */
  from: readonly S[];
  to: S;
  /** What it holds while it checks and writes. */
  lock: string;
  /** The audit entry (orders/audit.ts) it writes, when it writes one. */
  audit: readonly OrderAction[];
  /** The file that performs it. */
  where: string;
}

export const TICKET_TRANSITIONS = {
  reserve: {
    from: [],
    to: 'pending',
    lock: 'the seats’ unique index (one live ticket per seat)',
    audit: ['created'],
    where: 'orders/create-order.ts',
  },
  sellAtOnce: {
    from: [],
    to: 'paid',
    lock: 'the seats’ unique index; the till’s shift row (share)',
    audit: ['sold_at_till'],
    where: 'orders/create-order.ts',
  },
  sell: {
    from: ['pending'],
    to: 'paid',
    lock: 'the order row',
    audit: ['paid'],
    where: 'orders/mark-paid.ts',
  },
  sellLate: {
    from: ['cancelled'],
    to: 'paid',
    lock: 'the order row; the seats’ unique index (in a savepoint)',
    audit: ['late_payment_sold'],
    where: 'orders/mark-paid.ts',
  },
  release: {
    from: ['pending'],
    to: 'cancelled',
    lock: 'the order row',
    audit: ['expired', 'cancelled'],
    where: 'orders/close-order.ts',
  },
  refund: {
    from: ['paid'],
    to: 'refunded',
    lock: 'the order row, then the refund row',
    audit: ['refunded'],
    where: 'orders/refund.ts',
  },
} as const satisfies Record<string, Transition<TicketStatus>>;

/** The state a transition ends in (for writes). */
export const ticketBecomes = (name: keyof typeof TICKET_TRANSITIONS): TicketStatus => TICKET_TRANSITIONS[name].to;
/** The one state a transition starts from (for the `where` of its write). */
export const ticketWas = (name: 'sell' | 'sellLate' | 'release' | 'refund'): TicketStatus =>
  TICKET_TRANSITIONS[name].from[0];

/** Who asks for a ticket's money back, and through which door. */
export type RefundActor =
  /** The ticket's owner in their profile: until the cut-off before the session. */
  | { kind: 'viewer'; cutoffMinutes: number }
  /** Staff in the back office's orders: online payments only (cash and card go back at the till). */
  | { kind: 'staff' }
  /** The till: before the start anyone with the till's right; after it the admin, with a reason. */
  | { kind: 'counter'; role: Role; reason?: string };

/** When the owner's refund window closes: `cutoffMinutes` (REFUND_CUTOFF_MINUTES) before the start. */
export const refundClosesAt = (session: Pick<SessionTimes, 'startTime'>, cutoffMinutes: number): Date =>
  new Date(session.startTime.getTime() - cutoffMinutes * 60_000);

/** What the refund rule reads of a ticket. */
export interface RefundableTicket {
  status: TicketStatus;
  usedAt: Date | null;
  refunds: readonly { status: RefundStatus }[];
  session: SessionTimes;
  /** How it was paid (the back office's rule reads it). */
  order?: { paymentMethod: string; channel: string };
}

/** Why `actor` may not refund the ticket at `now` (a 4xx to throw), or nothing when they may. */
export function refundRefusal(ticket: RefundableTicket, actor: RefundActor, now: Date): AppError | undefined {
  if (ticket.status === ticketBecomes('refund')) return conflict('ticket_refunded', 'Билет уже возвращён');
  if (ticket.status !== ticketWas('refund')) return conflict('order_closed', 'Билет не оплачен: возвращать нечего');
  if (ticket.refunds.some((r) => isUnsettled(r.status)))
    return conflict('refund_pending', 'Возврат этого билета уже оформляется');
  if (ticket.usedAt) {
    return conflict('ticket_used', 'Билет уже использован, вернуть его нельзя', {
      used_at: toCinemaTime(ticket.usedAt),
    });
  }
  const state = sessionState(ticket.session, now);
  const afterStart = state === 'started' || state === 'ended';
  switch (actor.kind) {
    case 'viewer': {
      // A cancelled session's tickets go back by themselves; its owner may still ask.
      if (state === 'cancelled') return undefined;
      if (refundClosesAt(ticket.session, actor.cutoffMinutes).getTime() < now.getTime()) {
        return conflict(
          'refund_closed',
          `Вернуть билет можно не позднее чем за ${actor.cutoffMinutes} минут до начала сеанса`,
          { cutoff_minutes: actor.cutoffMinutes },
        );
      }
      return undefined;
    }
    case 'staff':
      if (!ticket.order || !paidThroughProvider(ticket.order)) {
        return conflict(
          'conflict',
          'Заказ оплачен в кассе: деньги за него возвращает касса (по номеру билета или QR-коду)',
        );
      }
      return undefined;
    case 'counter':
      if (!afterStart) return undefined;
      if (!mayRefundAfterStart(actor.role))
        return conflict('refund_closed', 'Сеанс уже начался: вернуть билет теперь может только администратор');
      if (!actor.reason) return invalidInput({ reason: 'После начала сеанса напишите причину возврата' });
      return undefined;
  }
}

/** The refund rule as presenters give it: may the actor refund it now, and if not, why (in Russian). */
export function refundAnswer(ticket: RefundableTicket, actor: RefundActor, now: Date) {
  const refusal = refundRefusal(ticket, actor, now);
  return { refundable: refusal === undefined, refund_refusal: refusal?.message ?? null };
}
