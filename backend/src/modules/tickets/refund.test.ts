/**
 * Refunds: the owner only, before the cut-off, once; the seat comes back on every open map and can
 * be sold again; a refund racing a check-in of the same ticket ends with exactly one of them.
 */
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketsChanged } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';
import type { AppError } from '../../lib/errors';
import { refusal } from '../../testing/refusal';
import { startTestApi, type TestApi } from '../../testing/harness';
import { request, says, socketPool, type SeatClient } from '../../testing/seat-client';
import { checkInTicket } from './check-in';
import { afterCommit } from '../../effects';
import { ticketJobIds } from './job-ids';
import { ticketCode } from './presenter';
import { refundTicket } from './refund';

const MINUTE = 60_000;

describe('refundTicket', () => {
  let t: TestApi;
  const sockets = socketPool(() => t.url);
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  async function viewer() {
    const { user, token } = await buildSignedInUser(t.ctx);
    const socket = await sockets.connect(token);
    return { user, token, socket };
  }
  const rowOf = async (id: number) =>
    (await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, id)))[0]!;
  /** A ticket of a session starting `startsInMinutes` after `now`. */
  async function ticketFor(userId: number, startsInMinutes: number, now = new Date(), seatNumber = 'r1m1') {
    const session = await buildSession(t.ctx.db, {
      startTime: new Date(now.getTime() + startsInMinutes * MINUTE),
      endTime: new Date(now.getTime() + (startsInMinutes + 120) * MINUTE),
    });
    return buildTicket(t.ctx.db, { sessionId: session.id, userId, seatNumber, price: session.price });
  }

  it('refunds the owner’s ticket and answers it refunded, with what changed for the after-commit duties', async () => {
    const { user } = await viewer();
    const ticket = await ticketFor(user.id, 120);
    const now = new Date();
    const { ticket: answer, change } = await refundTicket(t.ctx, user.id, ticket.id, now);
    expect(answer).toMatchObject({ id: ticket.id, status: 'refunded', refunded_at: toCinemaTime(now), used_at: null });
    expect(answer.qr).toBe(ticketCode(t.ctx.config.appSecret, ticket));
    expect(change).toEqual({
      what: 'tickets',
      kind: 'refunded',
      sessionId: ticket.sessionId,
      userId: user.id,
      ticketIds: [ticket.id],
      seats: ['r1m1'],
    });
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'refunded', refundedAt: now });
  });

  it('answers 404 for another viewer’s ticket and for no ticket at all, and writes nothing', async () => {
    const owner = await viewer();
    const other = await viewer();
    const ticket = await ticketFor(owner.user.id, 120);
    for (const [userId, ticketId] of [
      [other.user.id, ticket.id],
      [owner.user.id, 999_999],
    ] as const) {
      const error = await refusal(refundTicket(t.ctx, userId, ticketId, new Date()));
      expect([error.status, error.code, error.message]).toEqual([404, 'not_found', 'Билет не найден']);
    }
    expect((await rowOf(ticket.id)).status).toBe('paid');
  });

  it('answers 409 refund_closed with the cut-off in words once the session is less than 30 minutes away', async () => {
    const { user } = await viewer();
    const now = new Date();
    const late = await ticketFor(user.id, 29, now);
    const error = await refusal(refundTicket(t.ctx, user.id, late.id, now));
    expect([error.status, error.code]).toEqual([409, 'refund_closed']);
    expect(error.message).toBe('Вернуть билет можно не позднее чем за 30 минут до начала сеанса');
    expect(error.details).toEqual({ cutoff_minutes: 30 });
    expect((await rowOf(late.id)).status).toBe('paid');
    const started = await ticketFor(user.id, -5, now);
    expect((await refusal(refundTicket(t.ctx, user.id, started.id, now))).code).toBe('refund_closed');
    // Exactly at the cut-off the refund is still allowed.
    const onTime = await ticketFor(user.id, 30, now);
    expect((await refundTicket(t.ctx, user.id, onTime.id, now)).ticket.status).toBe('refunded');
  });

  it('takes the cut-off from the configuration (REFUND_CUTOFF_MINUTES)', async () => {
    const { user } = await viewer();
    const now = new Date();
    const ticket = await ticketFor(user.id, 60, now);
    const strict = { ...t.ctx, config: { ...t.ctx.config, refundCutoffMinutes: 90 } };
    const error = await refusal(refundTicket(strict, user.id, ticket.id, now));
    expect(error.message).toBe('Вернуть билет можно не позднее чем за 90 минут до начала сеанса');
  });

  it('answers 409 ticket_refunded to a second refund, and 409 ticket_used for a ticket admitted at the door', async () => {
    const { user } = await viewer();
    const now = new Date();
    const ticket = await ticketFor(user.id, 120, now);
    await refundTicket(t.ctx, user.id, ticket.id, now);
    const again = await refusal(refundTicket(t.ctx, user.id, ticket.id, new Date(now.getTime() + 1000)));
    expect([again.status, again.code, again.message]).toEqual([409, 'ticket_refunded', 'Билет уже возвращён']);
    expect((await rowOf(ticket.id)).refundedAt).toEqual(now);

    const used = await ticketFor(user.id, 45, now, 'r2m2');
    await checkInTicket(t.ctx, ticketCode(t.ctx.config.appSecret, used), now);
    const error = await refusal(refundTicket(t.ctx, user.id, used.id, now));
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
          refundTicket(t.ctx, user.id, ticket.id, now),
          checkInTicket(t.ctx, ticketCode(t.ctx.config.appSecret, ticket), now),
        ]);
        return { ticket, refund, checkIn };
      }),
    );
    for (const { ticket, refund, checkIn } of outcomes) {
      const row = await rowOf(ticket.id);
      expect([refund.status, checkIn.status].sort()).toEqual(['fulfilled', 'rejected']);
      if (refund.status === 'fulfilled') {
        expect(checkIn.status === 'rejected' && (checkIn.reason as AppError).code).toBe('ticket_refunded');
        expect(row).toMatchObject({ status: 'refunded', usedAt: null });
      } else {
        expect((refund.reason as AppError).code).toBe('ticket_used');
        expect(row).toMatchObject({ status: 'paid', usedAt: now, refundedAt: null });
      }
    }
  });

  it('frees the refunded seat on every open map; it sells again, and a late second run of its duties leaves it sold', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: 180 });
    const ann = await viewer();
    const bob = await viewer();
    const sold = await buildTicket(t.ctx.db, { sessionId: session.id, userId: ann.user.id, seatNumber: 'r4m4' });
    expect(await bob.socket.join(session.id)).toMatchObject({ sold: ['r4m4'] });
    expect(await request(bob.socket, 'seats:hold', { sessionId: session.id, seat: 'r4m4' })).toEqual({
      ok: false,
      reason: 'taken',
    });

    const { change } = await refundTicket(t.ctx, ann.user.id, sold.id, new Date());
    await afterCommit(t.ctx, [change]);
    await bob.socket.waitForDelta(says('r4m4', 'free'));

    expect((await request(bob.socket, 'seats:hold', { sessionId: session.id, seat: 'r4m4' })).ok).toBe(true);
    const res = await t.fetch('/api/tickets/store', {
      method: 'POST',
      token: bob.token,
      json: {
        price: session.price,
        schedule_id: session.id,
        seat_number: ['r4m4'],
        purchase_date: toCinemaTime(session.startTime),
      },
    });
    expect(res.status).toBe(201);

    await afterCommit(t.ctx, [change]);
    expect(await ann.socket.join(session.id)).toMatchObject({ sold: ['r4m4'] });
    const rows = await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id));
    expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual(
      [
        [ann.user.id, 'refunded'],
        [bob.user.id, 'paid'],
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
    const { change } = await refundTicket(t.ctx, owner.user.id, ticket.id, new Date());
    await afterCommit(t.ctx, [change]);
    await expect
      .poll(() => ownerHeard)
      .toEqual([{ tickets: [{ id: ticket.id, status: 'refunded', is_watching: 0, used_at: null }] }]);
    expect(otherHeard).toEqual([]);
  });

  it('enqueues the refunded PDF and the confirmation mail once, however often its duties run', async () => {
    const { user } = await viewer();
    const ticket = await ticketFor(user.id, 120);
    const { change } = await refundTicket(t.ctx, user.id, ticket.id, new Date());
    await afterCommit(t.ctx, [change]);
    await afterCommit(t.ctx, [change]);
    const pdf = await t.ctx.queues.queue('tickets').getJob(ticketJobIds.refundedPdf(ticket.id));
    const mail = await t.ctx.queues.queue('mail').getJob(ticketJobIds.refundedMail(ticket.id));
    expect([pdf?.name, pdf?.data]).toEqual(['tickets.render-pdf', { ticketIds: [ticket.id] }]);
    expect([mail?.name, mail?.data]).toEqual(['mail.ticket-refunded', { ticketId: ticket.id }]);
    const waiting = await t.ctx.queues.queue('mail').getJobs(['wait', 'delayed']);
    expect(
      waiting.filter((job) => job.name === 'mail.ticket-refunded' && job.data.ticketId === ticket.id),
    ).toHaveLength(1);
  });
});
