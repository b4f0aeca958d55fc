/**
 * The ticket endpoints after the sale, over HTTP as the site and the door call them: the viewer's
 * lists, the PDF download, refunds and check-in — who may, and what each refusal answers.
 * The rules' corner cases and races are the services' tests (refund, check-in, pdf, queries).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/constants';
import { OwnTicketListSchema, type TicketsChanged } from '../../contract/tickets';
import { buildFilm, buildHall, buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { pdfQrCodes, pdfText } from '../../testing/pdf';
import { connectSeatClient, says, type SeatClient } from '../../testing/seat-client';
import { verifyCheckInCode } from './check-in-code';
import { ticketJobIds } from '../../queues/job-ids/tickets';
import { ticketCode } from './presenter';

const MINUTE = 60_000;

describe('tickets after the sale (HTTP)', () => {
  let t: TestApi;
  const open: SeatClient[] = [];
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    open.forEach((c) => c.disconnect());
    await t.close();
  });

  /** A ticket of a two-hour session starting `startsInMinutes` from now (negative: under way). */
  async function ticketFor(userId: number, startsInMinutes = 180, seatNumber = 'r3m4') {
    const film = await buildFilm(t.ctx.db, { title: 'Солярис', age: 12 });
    const hall = await buildHall(t.ctx.db);
    const start = new Date(Date.now() + startsInMinutes * MINUTE);
    const session = await buildSession(t.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: start,
      endTime: new Date(start.getTime() + 120 * MINUTE),
    });
    const ticket = await buildTicket(t.ctx.db, {
      sessionId: session.id,
      userId,
      seatNumber,
      priceKopecks: session.price * 100,
    });
    return { film, hall, session, ticket, code: ticketCode(t.ctx.config.appSecret, ticket) };
  }
  const signIn = (role?: Role) => buildSignedInUser(t.ctx, role ? { role } : {});
  const pdf = (id: number | string, token?: string) => t.fetch(`/api/tickets/${id}/pdf`, { token });

  describe('GET /api/buying-ticket and GET /api/profile/watch', () => {
    it('return 401 to a guest', async () => {
      expect((await t.call('GET /buying-ticket')).status).toBe(401);
      expect((await t.call('GET /profile/watch')).status).toBe(401);
    });

    it('return the viewer’s own tickets with their check-in codes; the viewings leave out refunded ones', async () => {
      const { user, token } = await signIn();
      const stranger = await signIn();
      const live = await ticketFor(user.id, 300);
      const refunded = await ticketFor(user.id, 200, 'r1m1');
      await t.call('POST /tickets/:id/refund', { params: { id: refunded.ticket.id } }, token);
      await ticketFor(stranger.user.id);

      const bought = await t.call('GET /buying-ticket', {}, token);
      expect(bought.status).toBe(200);
      const list = OwnTicketListSchema.parse(bought.body);
      expect(list.map((x) => [x.id, x.status])).toEqual([
        [live.ticket.id, 'paid'],
        [refunded.ticket.id, 'refunded'],
      ]);
      expect(verifyCheckInCode(t.ctx.config.appSecret, list[0]!.qr)).toEqual({
        ticketId: live.ticket.id,
        sessionId: live.session.id,
        seat: 'r3m4',
      });
      const watch = await t.call('GET /profile/watch', {}, token);
      expect(watch.status).toBe(200);
      expect(OwnTicketListSchema.parse(watch.body).map((x) => x.id)).toEqual([live.ticket.id]);
    });

    it('return empty lists to a viewer without tickets', async () => {
      const { token } = await signIn();
      expect((await t.call('GET /buying-ticket', {}, token)).body).toEqual([]);
      expect((await t.call('GET /profile/watch', {}, token)).body).toEqual([]);
    });
  });

  describe('GET /api/tickets/{id}/pdf', () => {
    it('gives the owner the PDF as ticket_{id}.pdf at once, although no job has rendered it', async () => {
      const { user, token } = await signIn();
      const { ticket, code } = await ticketFor(user.id);
      const res = await pdf(ticket.id, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename=ticket_${ticket.id}.pdf`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await pdfQrCodes(bytes)).toEqual([code]);
    });

    it.each(['admin', 'manager', 'cashier'] as const)('gives a %s any ticket’s PDF', async (role) => {
      const owner = await signIn();
      const { ticket } = await ticketFor(owner.user.id);
      const { token } = await signIn(role);
      const res = await pdf(ticket.id, token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    });

    it('answers 404 to another viewer and to a content manager, as for a ticket that does not exist', async () => {
      const owner = await signIn();
      const { ticket } = await ticketFor(owner.user.id);
      for (const { token } of [await signIn(), await signIn('content-manager')]) {
        const res = await pdf(ticket.id, token);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Билет не найден' } });
      }
      expect((await pdf(2_000_000_000, owner.token)).status).toBe(404);
    });

    it('answers 401 to a guest and 400 to an id that is not a number', async () => {
      const owner = await signIn();
      const { ticket } = await ticketFor(owner.user.id);
      expect((await pdf(ticket.id)).status).toBe(401);
      expect((await pdf('abc', owner.token)).status).toBe(400);
    });

    it('serves a refunded ticket’s PDF saying so, without a QR code', async () => {
      const { user, token } = await signIn();
      const { ticket } = await ticketFor(user.id);
      expect((await pdf(ticket.id, token)).status).toBe(200);
      await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token);
      const bytes = Buffer.from(await (await pdf(ticket.id, token)).arrayBuffer());
      expect(await pdfText(bytes)).toContain('БИЛЕТ ВОЗВРАЩЁН');
      expect(await pdfQrCodes(bytes)).toEqual([undefined]);
    });
  });

  describe('POST /api/tickets/{id}/refund', () => {
    it('refunds the owner’s ticket: the seat is free on an open map, the owner’s pages hear it, the mail is queued', async () => {
      const { user, token } = await signIn();
      const owner = await connectSeatClient(t.url, token);
      const watcher = await connectSeatClient(t.url, (await signIn()).token);
      open.push(owner, watcher);
      const heard: TicketsChanged[] = [];
      (owner as unknown as Socket).on('tickets:changed', (payload: TicketsChanged) => heard.push(payload));
      const { session, ticket } = await ticketFor(user.id, 180, 'r6m6');
      expect(await watcher.join(session.id)).toMatchObject({ sold: ['r6m6'] });

      const res = await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ticket.id, status: 'refunded', refunded_at: expect.any(String) });
      await watcher.waitForDelta(says('r6m6', 'free'));
      await expect
        .poll(() => heard)
        .toContainEqual({
          tickets: [{ id: ticket.id, status: 'refunded', is_watching: 0, used_at: null }],
        });
      const mail = await t.ctx.queues.queue('mail').getJob(ticketJobIds.refundedMail(ticket.id));
      expect(mail?.data).toEqual({ ticketId: ticket.id, requestId: expect.any(String) });
    });

    it('answers 409 ticket_refunded to a second refund', async () => {
      const { user, token } = await signIn();
      const { ticket } = await ticketFor(user.id);
      expect((await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token)).status).toBe(200);
      const again = await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token);
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'ticket_refunded', message: 'Билет уже возвращён' });
    });

    it('answers 409 refund_closed with the rule in words 30 minutes before the session, and keeps the ticket', async () => {
      const { user, token } = await signIn();
      const { ticket } = await ticketFor(user.id, 20);
      const res = await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'refund_closed',
        message: 'Вернуть билет можно не позднее чем за 30 минут до начала сеанса',
        details: { cutoff_minutes: 30 },
      });
      const [mine] = (await t.call('GET /buying-ticket', {}, token)).body;
      expect(mine).toMatchObject({ id: ticket.id, status: 'paid' });
    });

    it('answers 404 to someone who is not the owner, staff included, and leaves the ticket live', async () => {
      const owner = await signIn();
      const { ticket } = await ticketFor(owner.user.id);
      for (const { token } of [await signIn(), await signIn('admin')]) {
        const res = await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } }, token);
        expect(res.status).toBe(404);
      }
      const [mine] = (await t.call('GET /buying-ticket', {}, owner.token)).body;
      expect(mine).toMatchObject({ id: ticket.id, status: 'paid' });
    });

    it('answers 401 to a guest and 400 to an id that is not a number', async () => {
      const { user, token } = await signIn();
      const { ticket } = await ticketFor(user.id);
      expect((await t.call('POST /tickets/:id/refund', { params: { id: ticket.id } })).status).toBe(401);
      expect((await t.call('POST /tickets/:id/refund', { params: { id: 'x1' } }, token)).status).toBe(400);
    });
  });

  describe('POST /api/tickets/check-in', () => {
    const checkIn = (code: unknown, token?: string) => t.call('POST /tickets/check-in', { body: { code } }, token);

    it('admits a ticket once for a cashier: film, session, hall, row and seat; a second scan is 409 with the time', async () => {
      const viewer = await signIn();
      const { film, hall, session, ticket, code } = await ticketFor(viewer.user.id, 30, 'r7m3');
      const { token } = await signIn('cashier');
      const first = await checkIn(code, token);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        ticket_id: ticket.id,
        film: { id: film.id, title: 'Солярис', age: 12 },
        session: { id: session.id },
        hall: { id: hall.id, name: hall.name },
        seat_number: 'r7m3',
        row: 7,
        seat: 3,
      });
      const second = await checkIn(code, token);
      expect(second.status).toBe(409);
      expect(second.body.error).toEqual({
        code: 'ticket_used',
        message: 'Билет уже использован',
        details: { used_at: first.body.used_at },
      });
      const [mine] = (await t.call('GET /buying-ticket', {}, viewer.token)).body;
      expect(mine!.used_at).toBe(first.body.used_at);
    });

    it('admits once when two doors scan the same ticket at the same moment', async () => {
      const viewer = await signIn();
      const { code } = await ticketFor(viewer.user.id, 10);
      const doors = await Promise.all([signIn('cashier'), signIn('manager'), signIn('admin')]);
      const answers = await Promise.all(doors.map(({ token }) => checkIn(code, token)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    });

    it('answers 400 ticket_code_invalid to a forged code, 400 invalid_input to none, 404 to a genuine code of no ticket', async () => {
      const viewer = await signIn();
      const { code } = await ticketFor(viewer.user.id, 10);
      const { token } = await signIn('cashier');
      const forged = await checkIn(
        code.replace(/-(\d+)-/, (_, id: string) => `-${Number(id) + 1}-`),
        token,
      );
      expect(forged.status).toBe(400);
      expect(forged.body.error.code).toBe('ticket_code_invalid');
      const empty = await checkIn('   ', token);
      expect(empty.status).toBe(400);
      expect(empty.body.error.details).toEqual({ fields: { code: 'Введите код билета' } });
      const unknown = await checkIn(
        ticketCode(t.ctx.config.appSecret, { id: 2_000_000_000, sessionId: 1, seatNumber: 'r1m1' }),
        token,
      );
      expect(unknown.status).toBe(404);
    });

    it('answers 409 ticket_refunded for a refunded ticket and 409 door_closed a day ahead', async () => {
      const viewer = await signIn();
      const refunded = await ticketFor(viewer.user.id, 120);
      await t.call('POST /tickets/:id/refund', { params: { id: refunded.ticket.id } }, viewer.token);
      const tomorrow = await ticketFor(viewer.user.id, 24 * 60);
      const { token } = await signIn('cashier');
      expect((await checkIn(refunded.code, token)).body.error.code).toBe('ticket_refunded');
      const early = await checkIn(tomorrow.code, token);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('door_closed');
    });

    it('answers 401 to a guest and 403 to a viewer or a content manager, and admits no one', async () => {
      const viewer = await signIn();
      const { code } = await ticketFor(viewer.user.id, 10);
      expect((await checkIn(code)).status).toBe(401);
      expect((await checkIn(code, viewer.token)).status).toBe(403);
      expect((await checkIn(code, (await signIn('content-manager')).token)).status).toBe(403);
      const [mine] = (await t.call('GET /buying-ticket', {}, viewer.token)).body;
      expect(mine!.used_at).toBeNull();
    });
  });
});
