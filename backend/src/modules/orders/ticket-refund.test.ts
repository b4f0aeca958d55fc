/**
 * Refunds: the owner only, before the cut-off, once; the money goes back through the provider and the
 * ticket is refunded when it confirms; the seat comes back on every open map and can be sold again; a
 * refund racing a check-in of the same ticket ends with exactly one of them.
 */
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { TicketsChanged } from '../../contract/tickets';
import { schema } from '../../db';
import { buildSession, buildTicket } from '../../testing/factories';
import type { AppError } from '../../lib/http/errors';
import { refusal } from '../../testing/refusal';
import { request, says, type SeatClient } from '../../testing/seat-client';
import { announce } from '../../effects';
import { buySeats, purchase, useShop } from '../../testing/orders';
import { checkInTicket } from '../tickets/check-in';
import type { TicketsRefunded } from '../../effects/changes/tickets';
import { ticketJobIds } from '../../queues/job-ids/tickets';
import { ticketCode } from '../tickets/presenter';
import { refundOwnTicket } from './ticket-refund';

const MINUTE = 60_000;

describe('refundOwnTicket', () => {
  const shop = useShop();
  const api = () => shop.t;
  const viewer = () => shop.buyer();
  const rowOf = async (id: number) =>
    (await api().ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, id)))[0]!;
  /** A ticket of a session starting `startsInMinutes` after `now`. */
  async function ticketFor(userId: number, startsInMinutes: number, now = new Date(), seatNumber = 'r1m1') {
    const session = await buildSession(api().ctx.db, {
      startTime: new Date(now.getTime() + startsInMinutes * MINUTE),
      endTime: new Date(now.getTime() + (startsInMinutes + 120) * MINUTE),
    });
    return buildTicket(api().ctx.db, { sessionId: session.id, userId, seatNumber, priceKopecks: session.price * 100 });
  }

  /** What a refund of this ticket says it changed (for running its duties again). */
  const refundedChange = (ticket: typeof schema.tickets.$inferSelect): TicketsRefunded => ({
    what: 'tickets',
    kind: 'refunded',
    sessionId: ticket.sessionId,
    userId: ticket.userId,
    ticketIds: [ticket.id],
    seats: [ticket.seatNumber],
  });

  it('refunds the owner’s ticket sold before orders had payments at once, and answers it refunded', async () => {
    const { user } = await viewer();
    const ticket = await ticketFor(user.id, 120);
    const answer = await refundOwnTicket(api().ctx, user.id, ticket.id, new Date());
    expect(answer).toMatchObject({ id: ticket.id, status: 'refunded', refund_status: 'succeeded', used_at: null });
    expect(answer.qr).toBe(ticketCode(api().ctx.config.appSecret, ticket));
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'refunded' });
  });

  it('gives the money back through the provider for a paid ticket: the line’s amount, its own key, a receipt of that ticket', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 180, price: 450 });
    const b = await viewer();
    const order = await buySeats(api(), b, session, ['r2m1', 'r2m2']);
    const [first, second] = order.tickets;
    const answer = await refundOwnTicket(api().ctx, b.user.id, first!.id, new Date());
    expect(answer).toMatchObject({ id: first!.id, status: 'refunded', refund_status: 'succeeded' });
    const refunds = api()
      .ctx.emulator.control.refunds()
      .filter((r) => r.amount.value === '450.00');
    const mine = refunds.at(-1)!;
    expect(mine).toMatchObject({ status: 'succeeded', amount: { value: '450.00', currency: 'RUB' } });
    const call = api()
      .ctx.emulator.control.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds')
      .at(-1)!;
    expect((call.body as { receipt: { items: { description: string }[] } }).receipt.items).toHaveLength(1);
    expect((call.body as { receipt: { items: { description: string }[] } }).receipt.items[0]!.description).toMatch(
      /ряд 2, место 1$/,
    );
    expect((await rowOf(second!.id)).status).toBe('paid');
  });

  it('answers 409 refund_refused when the provider refuses, and keeps the ticket live', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 180 });
    const b = await viewer();
    const order = await buySeats(api(), b, session, ['r2m5']);
    api().ctx.emulator.control.setRefundOutcome('canceled');
    try {
      const error = await refusal(refundOwnTicket(api().ctx, b.user.id, order.tickets[0]!.id, new Date()));
      expect([error.status, error.code]).toEqual([409, 'refund_refused']);
    } finally {
      api().ctx.emulator.control.setRefundOutcome('succeeded');
    }
    expect(await rowOf(order.tickets[0]!.id)).toMatchObject({ status: 'paid', refundedAt: null });
    // A refused refund does not block a new attempt.
    expect((await refundOwnTicket(api().ctx, b.user.id, order.tickets[0]!.id, new Date())).status).toBe('refunded');
  });

  it('keeps the ticket (no admission, no second refund) while the provider settles the refund, then refunds it on its notification', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 45 });
    const b = await viewer();
    const order = await buySeats(api(), b, session, ['r2m8']);
    const ticketId = order.tickets[0]!.id;
    api().ctx.emulator.control.setRefundOutcome('pending');
    let answer;
    try {
      answer = await refundOwnTicket(api().ctx, b.user.id, ticketId, new Date());
    } finally {
      api().ctx.emulator.control.setRefundOutcome('succeeded');
    }
    expect(answer).toMatchObject({ status: 'paid', refund_status: 'pending' });
    const again = await refusal(refundOwnTicket(api().ctx, b.user.id, ticketId, new Date()));
    expect(again.code).toBe('refund_pending');
    const door = await refusal(checkInTicket(api().ctx, order.tickets[0]!.qr, new Date()));
    expect(door.code).toBe('refund_pending');

    const pending = api()
      .ctx.emulator.control.refunds()
      .find((r) => r.status === 'pending')!;
    api().ctx.emulator.control.settleRefund(pending.id, 'succeeded');
    await api().ctx.emulator.control.delivery((d) => d.objectId === pending.id && d.status === 200);
    expect(await rowOf(ticketId)).toMatchObject({ status: 'refunded' });
  });

  it('answers 404 for another viewer’s ticket and for no ticket at all, and writes nothing', async () => {
    const owner = await viewer();
    const other = await viewer();
    const ticket = await ticketFor(owner.user.id, 120);
    for (const [userId, ticketId] of [
      [other.user.id, ticket.id],
      [owner.user.id, 999_999],
    ] as const) {
      const error = await refusal(refundOwnTicket(api().ctx, userId, ticketId, new Date()));
      expect([error.status, error.code, error.message]).toEqual([404, 'not_found', 'Билет не найден']);
    }
    expect((await rowOf(ticket.id)).status).toBe('paid');
  });

  it('answers 409 refund_closed with the cut-off in words once the session is less than 30 minutes away', async () => {
    const { user } = await viewer();
    const now = new Date();
    const late = await ticketFor(user.id, 29, now);
    const error = await refusal(refundOwnTicket(api().ctx, user.id, late.id, now));
    expect([error.status, error.code]).toEqual([409, 'refund_closed']);
    expect(error.message).toBe('Вернуть билет можно не позднее чем за 30 минут до начала сеанса');
    expect(error.details).toEqual({ cutoff_minutes: 30 });
    expect((await rowOf(late.id)).status).toBe('paid');
    const started = await ticketFor(user.id, -5, now);
    expect((await refusal(refundOwnTicket(api().ctx, user.id, started.id, now))).code).toBe('refund_closed');
    // Exactly at the cut-off the refund is still allowed.
    const onTime = await ticketFor(user.id, 30, now);
    expect((await refundOwnTicket(api().ctx, user.id, onTime.id, now)).status).toBe('refunded');
  });

  it('takes the cut-off from the configuration (REFUND_CUTOFF_MINUTES)', async () => {
    const { user } = await viewer();
    const now = new Date();
    const ticket = await ticketFor(user.id, 60, now);
    const strict = { ...api().ctx, config: { ...api().ctx.config, refundCutoffMinutes: 90 } };
    const error = await refusal(refundOwnTicket(strict, user.id, ticket.id, now));
    expect(error.message).toBe('Вернуть билет можно не позднее чем за 90 минут до начала сеанса');
  });

  it('answers 409 ticket_refunded to a second refund, and 409 ticket_used for a ticket admitted at the door', async () => {
    const { user } = await viewer();
    const now = new Date();
    const ticket = await ticketFor(user.id, 120, now);
    await refundOwnTicket(api().ctx, user.id, ticket.id, now);
    const again = await refusal(refundOwnTicket(api().ctx, user.id, ticket.id, new Date(now.getTime() + 1000)));
    expect([again.status, again.code, again.message]).toEqual([409, 'ticket_refunded', 'Билет уже возвращён']);

    const used = await ticketFor(user.id, 45, now, 'r2m2');
    await checkInTicket(api().ctx, ticketCode(api().ctx.config.appSecret, used), now);
    const error = await refusal(refundOwnTicket(api().ctx, user.id, used.id, now));
    expect([error.status, error.code]).toEqual([409, 'ticket_used']);
    expect((await rowOf(used.id)).status).toBe('paid');
  });

  it('ends a refund racing a check-in of the same ticket with exactly one of them, consistently', async () => {
    const { user } = await viewer();
    const now = new Date();
    // 45 minutes ahead: before the refund cut-off and after the door opens, so either may win.
    const tickets = await Promise.all(
      ['r3m1', 'r3m2', 'r3m3', 'r3m4', 'r3m5', 'r3m6', 'r3m7', 'r3m8'].map((seat) => ticketFor(user.id, 45, now, seat)),
    );
    const outcomes = await Promise.all(
      tickets.map(async (ticket) => {
        const [refund, checkIn] = await Promise.allSettled([
          refundOwnTicket(api().ctx, user.id, ticket.id, now),
          checkInTicket(api().ctx, ticketCode(api().ctx.config.appSecret, ticket), now),
        ]);
        return { ticket, refund, checkIn };
      }),
    );
    for (const { ticket, refund, checkIn } of outcomes) {
      const row = await rowOf(ticket.id);
      expect([refund.status, checkIn.status].sort()).toEqual(['fulfilled', 'rejected']);
      if (refund.status === 'fulfilled') {
        // Refused as refunded, or as being refunded when it came while the provider was answering.
        expect(['ticket_refunded', 'refund_pending']).toContain(
          checkIn.status === 'rejected' && (checkIn.reason as AppError).code,
        );
        expect(row).toMatchObject({ status: 'refunded', usedAt: null });
      } else {
        expect((refund.reason as AppError).code).toBe('ticket_used');
        expect(row).toMatchObject({ status: 'paid', usedAt: now, refundedAt: null });
      }
    }
  });

  it('frees the refunded seat on every open map; it sells again, and a late second run of its duties leaves it sold', async () => {
    const session = await buildSession(api().ctx.db, { startsInMinutes: 180 });
    const ann = await viewer();
    const bob = await viewer();
    const sold = await buildTicket(api().ctx.db, { sessionId: session.id, userId: ann.user.id, seatNumber: 'r4m4' });
    expect(await bob.socket.join(session.id)).toMatchObject({ sold: ['r4m4'] });
    expect(await request(bob.socket, 'seats:hold', { sessionId: session.id, seat: 'r4m4' })).toEqual({
      ok: false,
      reason: 'taken',
    });

    await refundOwnTicket(api().ctx, ann.user.id, sold.id, new Date());
    await bob.socket.waitForDelta(says('r4m4', 'free'));

    expect((await request(bob.socket, 'seats:hold', { sessionId: session.id, seat: 'r4m4' })).ok).toBe(true);
    const res = await purchase(api().url, bob.token, session, ['r4m4']);
    expect(res.status).toBe(201);

    await announce(api().ctx, [refundedChange(sold)]);
    expect(await ann.socket.join(session.id)).toMatchObject({ sold: ['r4m4'] });
    const rows = await api().ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id));
    expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual(
      [
        [ann.user.id, 'refunded'],
        [bob.user.id, 'pending'],
      ].sort(),
    );
  });

  it('tells the owner’s open pages, and only theirs, that the ticket is refunded', async () => {
    const owner = await viewer();
    const other = await viewer();
    const heard = (socket: SeatClient) => {
      const events: TicketsChanged[] = [];
      (socket as unknown as Socket).on('tickets:changed', (payload: TicketsChanged) => events.push(payload));
      return events;
    };
    const ownerHeard = heard(owner.socket);
    const otherHeard = heard(other.socket);
    const ticket = await ticketFor(owner.user.id, 120);
    await refundOwnTicket(api().ctx, owner.user.id, ticket.id, new Date());
    await expect
      .poll(() => ownerHeard)
      .toEqual([{ tickets: [{ id: ticket.id, status: 'refunded', is_watching: 0, used_at: null }] }]);
    expect(otherHeard).toEqual([]);
  });

  it('enqueues the refunded PDF and the confirmation mail once, however often its duties run', async () => {
    const { user } = await viewer();
    const ticket = await ticketFor(user.id, 120);
    await refundOwnTicket(api().ctx, user.id, ticket.id, new Date());
    await announce(api().ctx, [refundedChange(ticket)]);
    const pdf = await api().ctx.queues.queue('tickets').getJob(ticketJobIds.refundedPdf(ticket.id));
    const mail = await api().ctx.queues.queue('mail').getJob(ticketJobIds.refundedMail(ticket.id));
    expect([pdf?.name, pdf?.data]).toEqual(['tickets.render-pdf', { ticketIds: [ticket.id] }]);
    expect([mail?.name, mail?.data]).toEqual(['mail.ticket-refunded', { ticketId: ticket.id }]);
    const waiting = await api().ctx.queues.queue('mail').getJobs(['wait', 'delayed']);
    expect(
      waiting.filter((job) => job.name === 'mail.ticket-refunded' && job.data.ticketId === ticket.id),
    ).toHaveLength(1);
  });
});
