/** Orders as their buyer and the staff see them (SPEC's money in roubles, times on the cinema's clock). */
import { PUSHKIN_TICKET_STATUS_LABELS } from '../../contract/constants';
import { roublesOf } from '../../contract/money';
import type { OrderLine, OrderView, RefundView, StaffOrder } from '../../contract/orders';
import { toCinemaTime } from '../../contract/time';
import type { schema } from '../../db';
import { presentTicketType, presentZone } from '../tickets/presenter';
import { refundAnswer, type RefundActor } from '../tickets/lifecycle';
import { declineMessage } from './decline';
import { needsManualRefund, presentReturnedByHand } from './returned-by-hand';
import { awaitsPayment, isRefusedRefund, orderBecomes, paymentBecomes } from './lifecycle';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** An order with what it shows: the shape of the relational query in queries.ts. */
export type OrderWithRelations = Row<typeof schema.orders> & {
  session: Row<typeof schema.sessions> & {
    film: Pick<Row<typeof schema.films>, 'id' | 'title' | 'age'>;
    hall: Pick<Row<typeof schema.halls>, 'name'>;
  };
  tickets: OrderTicket[];
  promoCode: { code: string } | null;
  payments: Row<typeof schema.payments>[];
  refunds: Row<typeof schema.refunds>[];
};

type OrderTicket = Row<typeof schema.tickets> & {
  zone: Pick<Row<typeof schema.seatZones>, 'code' | 'name'>;
  ticketType: Pick<Row<typeof schema.ticketTypes>, 'code' | 'name' | 'checkDocument'>;
};

const cinemaTimeOrNull = (instant: Date | null) => (instant ? toCinemaTime(instant) : null);

export const presentRefund = (refund: Row<typeof schema.refunds>): RefundView => ({
  id: refund.id,
  status: refund.status,
  amount: roublesOf(refund.amountKopecks),
  reason: refund.reason,
  refusal: isRefusedRefund(refund.status) ? declineMessage(refund.cancellationReason) : null,
  created_at: toCinemaTime(refund.createdAt),
  settled_at: cinemaTimeOrNull(refund.settledAt),
});

/** The latest refund of each line: what its row shows; and whether `refundAs` may refund it now. */
function lineOf(order: OrderWithRelations, ticket: OrderTicket, refundAs: RefundActor, now: Date): OrderLine {
  const own = order.refunds.filter((r) => r.ticketId === ticket.id);
  const refund = own.toSorted((a, b) => b.id - a.id)[0];
  return {
    ticket_id: ticket.id,
    seat_number: ticket.seatNumber,
    zone: presentZone(ticket.zone),
    ticket_type: presentTicketType(ticket.ticketType),
    base: roublesOf(ticket.basePriceKopecks),
    type_discount: roublesOf(ticket.typeDiscountKopecks),
    promo_discount: roublesOf(ticket.promoDiscountKopecks),
    price: roublesOf(ticket.priceKopecks),
    status: ticket.status,
    refund: refund ? presentRefund(refund) : null,
    ...refundAnswer({ ...ticket, session: order.session, refunds: own, order }, refundAs, now),
  };
}

/** The order's current payment attempt (the latest). */
export const currentPayment = (order: OrderWithRelations) => order.payments.toSorted((a, b) => b.id - a.id)[0];

export function presentOrder(order: OrderWithRelations, refundAs: RefundActor, now: Date): Omit<OrderView, 'tickets'> {
  const payment = currentPayment(order);
  const declined = order.status === orderBecomes('cancel') && payment?.status === paymentBecomes('cancel');
  return {
    id: order.id,
    status: order.status,
    channel: order.channel,
    total: roublesOf(order.totalKopecks),
    created_at: toCinemaTime(order.createdAt),
    paid_at: cinemaTimeOrNull(order.paidAt),
    expires_at: order.expiresAt.toISOString(),
    server_time: now.toISOString(),
    confirmation_url: awaitsPayment(order.status) ? (payment?.confirmationUrl ?? null) : null,
    decline: declined
      ? { reason: payment.cancellationReason ?? 'general_decline', message: declineMessage(payment.cancellationReason) }
      : null,
    schedule: {
      id: order.session.id,
      start_time: toCinemaTime(order.session.startTime),
      hall: order.session.hall.name,
      movie: { id: order.session.film.id, title: order.session.film.title, age: order.session.film.age },
    },
    lines: order.tickets.toSorted((a, b) => a.id - b.id).map((ticket) => lineOf(order, ticket, refundAs, now)),
    promo_code: order.promoCode?.code ?? null,
  };
}

type StaffOrderExtras = {
  user: Pick<Row<typeof schema.users>, 'id' | 'fio' | 'email'> | null;
  /** The staff who returned refused refunds by hand (by id). */
  resolvers: ReadonlyMap<number, string>;
  events: (Row<typeof schema.orderEvents> & { actor: Pick<Row<typeof schema.users>, 'fio'> | null })[];
  pushkin: Row<typeof schema.pushkinTickets> | null;
};

export const presentStaffOrder = (order: OrderWithRelations & StaffOrderExtras, now: Date): StaffOrder => ({
  ...presentOrder(order, { kind: 'staff' }, now),
  needs_manual_refund: needsManualRefund(order.refunds),
  returned_by_hand: presentReturnedByHand(order.refunds, order.resolvers),
  pushkin: order.pushkin
    ? {
        visitor_name: order.pushkin.visitorName,
        status: order.pushkin.status,
        status_label: PUSHKIN_TICKET_STATUS_LABELS[order.pushkin.status],
        error: order.pushkin.error,
      }
    : null,
  buyer: order.user ? { id: order.user.id, fio: order.user.fio, email: order.user.email } : null,
  email: order.email,
  payments: order.payments
    .toSorted((a, b) => a.id - b.id)
    .map((p) => ({
      id: p.id,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      amount: roublesOf(p.amountKopecks),
      cancellation_reason: p.cancellationReason ? declineMessage(p.cancellationReason) : null,
      created_at: toCinemaTime(p.createdAt),
    })),
  events: order.events
    .toSorted((a, b) => a.id - b.id)
    .map((e) => ({
      action: e.action,
      actor: e.actor?.fio ?? null,
      channel: e.channel,
      reason: e.reason,
      at: toCinemaTime(e.createdAt),
    })),
});
