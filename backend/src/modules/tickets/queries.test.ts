/** The viewer's own ticket lists: SPEC's ticket shape with status, admission and the check-in code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnTicketListSchema } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import { buildFilm, buildSession, buildTicket, buildUser } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/harness';
import { verifyCheckInCode } from './check-in-code';
import { listOwnTickets, listOwnViewings } from './queries';
import { refundOwnTicket } from '../orders/ticket-refund';

describe('a viewer’s ticket lists', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function scene() {
    const viewer = await buildUser(ctx.db, { fio: 'Вера Зрительница' });
    const stranger = await buildUser(ctx.db);
    const film = await buildFilm(ctx.db, { title: 'Зеркало', age: 12, promoImg: 'promo.jpg', poster: 'poster.jpg' });
    const later = await buildSession(ctx.db, { filmId: film.id, startsInMinutes: 600, price: 500 });
    const sooner = await buildSession(ctx.db, { filmId: film.id, startsInMinutes: 120, price: 400 });
    const first = await buildTicket(ctx.db, {
      sessionId: later.id,
      userId: viewer.id,
      seatNumber: 'r2m3',
      priceKopecks: 50000,
    });
    const second = await buildTicket(ctx.db, {
      sessionId: sooner.id,
      userId: viewer.id,
      seatNumber: 'r4m5',
      priceKopecks: 40000,
    });
    const refunded = await buildTicket(ctx.db, {
      sessionId: sooner.id,
      userId: viewer.id,
      seatNumber: 'r4m6',
      priceKopecks: 40000,
    });
    await buildTicket(ctx.db, { sessionId: sooner.id, userId: stranger.id, seatNumber: 'r9m9', priceKopecks: 40000 });
    await refundOwnTicket(ctx, viewer.id, refunded.id, new Date());
    return { viewer, film, later, first, second, refunded };
  }

  it('lists only the viewer’s tickets, refunded ones with their status, each with its check-in code; not the lines of unpaid orders', async () => {
    const { viewer, film, later, first, second, refunded } = await scene();
    await buildTicket(ctx.db, { sessionId: later.id, userId: viewer.id, seatNumber: 'r8m8', status: 'pending' });
    await buildTicket(ctx.db, { sessionId: later.id, userId: viewer.id, seatNumber: 'r8m9', status: 'cancelled' });
    const list = OwnTicketListSchema.parse(await listOwnTickets(ctx, viewer.id));
    expect(list.map((t) => [t.id, t.status])).toEqual([
      [first.id, 'paid'],
      [second.id, 'paid'],
      [refunded.id, 'refunded'],
    ]);
    expect(list.find((t) => t.id === refunded.id)?.refund_status).toBe('succeeded');
    expect(list[0]).toEqual({
      id: first.id,
      seat_number: 'r2m3',
      price: 500,
      zone: { code: 'standard', name: 'Стандарт' },
      ticket_type: { code: 'adult', name: 'Взрослый', check_document: false },
      purchase_date: toCinemaTime(first.purchaseDate),
      is_watching: 0,
      status: 'paid',
      used_at: null,
      refunded_at: null,
      schedule: {
        id: later.id,
        start_time: toCinemaTime(later.startTime),
        end_time: toCinemaTime(later.endTime),
        price: 500,
        hall: { id: later.hallId, name: expect.any(String) },
        movie: { id: film.id, title: 'Зеркало', age: 12, promo_img: 'promo.jpg', poster: 'poster.jpg' },
      },
      user: { fio: 'Вера Зрительница' },
      order_id: first.orderId,
      refund_status: null,
      qr: expect.any(String),
      // 30 minutes (REFUND_CUTOFF_MINUTES) before the start.
      refundable_until: toCinemaTime(new Date(later.startTime.getTime() - 30 * 60_000)),
      refund_cutoff_minutes: 30,
      refundable: true,
      refund_refusal: null,
    });
    // The refunded one says why it cannot be refunded again (tickets/lifecycle.ts refundRefusal).
    expect(list.find((t) => t.id === refunded.id)).toMatchObject({
      refundable: false,
      refund_refusal: 'Билет уже возвращён',
    });
    for (const ticket of list) {
      expect(verifyCheckInCode(ctx.config.appSecret, ticket.qr)).toEqual({
        ticketId: ticket.id,
        sessionId: ticket.schedule.id,
        seat: ticket.seat_number,
      });
    }
  });

  it('lists the viewings as the live tickets in session order', async () => {
    const { viewer, first, second } = await scene();
    const viewings = await listOwnViewings(ctx, viewer.id);
    expect(viewings.map((t) => t.id)).toEqual([second.id, first.id]);
  });

  it('answers empty lists for a viewer without tickets', async () => {
    const nobody = await buildUser(ctx.db);
    expect(await listOwnTickets(ctx, nobody.id)).toEqual([]);
    expect(await listOwnViewings(ctx, nobody.id)).toEqual([]);
  });
});
