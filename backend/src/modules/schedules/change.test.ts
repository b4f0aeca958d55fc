/** Sessions change: moving a session, repricing it, cancelling it with its tickets refunded. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ScheduleListSchema } from '../../contract/schedules';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { ManualClock } from '../../lib/infra/clock';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { buySeats, orderBody, orderSeats, providerPaymentOf, useShop } from '../../testing/orders';
import { sessionJobIds } from '../../queues/job-ids/sessions';
import { settleCancelledSession } from './settle-cancellation';

const shop = useShop();
const manager = async () => (await buildSignedInUser(shop.t.ctx, { role: 'manager' })).token;
const ticketsOf = (sessionId: number) =>
  shop.t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, sessionId)).orderBy(schema.tickets.id);
const inHours = (h: number) => toCinemaTime(new Date(Date.now() + h * 3600_000)).slice(0, 16);
const billIds = async () =>
  ScheduleListSchema.parse((await shop.t.call('GET /schedules')).body).flatMap((f) => f.schedule.map((s) => s.id));

describe('PUT /api/schedules/{id}', () => {
  it('moves a session with no sales to another time and hall; the bill and the seat map follow', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600 });
    const hall = await buildHall(shop.t.ctx.db);
    // The seat record is loaded in Redis before the move.
    expect((await shop.t.call('GET /seats/:sessionId', { params: { sessionId: session.id } })).status).toBe(200);
    const start = inHours(30);
    const { status, body } = await shop.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { start_time: start, hall_id: hall.id } },
      await manager(),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id: session.id, hall_id: hall.id, start_time: `${start}:00` });
    const bill = ScheduleListSchema.parse((await shop.t.call('GET /schedules')).body).flatMap((f) => f.schedule);
    expect(bill.find((s) => s.id === session.id)).toMatchObject({ hall_id: hall.id, start_time: `${start}:00` });
    // The seat record was read again (the new hall's plan): a viewer holds and orders a seat at once.
    const buyer = await shop.buyer();
    const [row] = await shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
    const order = await orderSeats(shop.t, buyer, row!, ['r1m1']);
    expect(order.status).toBe('pending');
  });

  it('refuses to move a session with a sale (409), writing nothing, but changes its price card', async () => {
    const buyer = await shop.buyer();
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 500 });
    await buySeats(shop.t, buyer, session, ['r2m2']);
    const token = await manager();
    const moved = await shop.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { start_time: inHours(40) } },
      token,
    );
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: { code: 'session_has_sales' } });
    const [row] = await shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
    expect(row!.startTime.getTime()).toBe(session.startTime.getTime());

    const repriced = await shop.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { price: 700 } },
      token,
    );
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
    expect(repriced.body).toMatchObject({ price: 700, start_time: toCinemaTime(session.startTime) });
    // The sold ticket keeps its price.
    expect((await ticketsOf(session.id)).map((t) => t.priceKopecks)).toEqual([50_000]);
  });

  it('refuses a move onto another session of the hall (409 session_overlap naming it)', async () => {
    const hall = await buildHall(shop.t.ctx.db);
    const first = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, hallId: hall.id });
    const second = await buildSession(shop.t.ctx.db, { startsInMinutes: 1200, hallId: hall.id });
    const { status, body } = await shop.t.call(
      'PUT /schedules/:id',
      { params: { id: second.id }, body: { start_time: toCinemaTime(first.startTime).slice(0, 16) } },
      await manager(),
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: { code: 'session_overlap', details: { session: { id: first.id } } } });
  });
});

describe('PUT /api/schedules/{id} on the cinema’s clock', () => {
  // The rule asks ctx.clock (docs/architecture.md, "The clock"), not the machine's.
  const clock = new ManualClock();
  const timed = useShop({ clock });

  it('refuses to move a session that has started by the cinema’s clock (409 session_started), writing nothing', async () => {
    const session = await buildSession(timed.t.ctx.db, { startsInMinutes: 60 });
    const token = (await buildSignedInUser(timed.t.ctx, { role: 'manager' })).token;
    clock.set(session.startTime.getTime() + 60_000);
    try {
      const res = await timed.t.call(
        'PUT /schedules/:id',
        { params: { id: session.id }, body: { start_time: inHours(30) } },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'session_started' } });
      const [row] = await timed.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
      expect(row!.startTime).toEqual(session.startTime);
    } finally {
      clock.set(Date.now());
    }
  });
});

describe('POST /api/schedule/store without a ПУ number', () => {
  it('is refused with a message naming the certificate', async () => {
    const film = await buildFilm(shop.t.ctx.db, { puNumber: null });
    const hall = await buildHall(shop.t.ctx.db);
    const { status, body } = await shop.t.call(
      'POST /schedule/store',
      { body: { movie_id: film.id, hall_id: hall.id, start_time: inHours(50), price: 400 } },
      await manager(),
    );
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('прокатного удостоверения');
  });

  it('is refused, writing nothing, for a session outside the ПУ’s dates; on sale within them and for an event with pu_reason', async () => {
    const day = (h: number) => inHours(h).slice(0, 10);
    const film = await buildFilm(shop.t.ctx.db, { puIssued: day(24), puUntil: day(72) });
    const hall = await buildHall(shop.t.ctx.db);
    const store = (movie: number, start: string) =>
      shop.t.call(
        'POST /schedule/store',
        { body: { movie_id: movie, hall_id: hall.id, start_time: start, price: 400 } },
        token,
      );
    const token = await manager();
    const shown = (d: string) => d.split('-').reverse().join('.');

    const early = await store(film.id, inHours(2));
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      error: {
        details: {
          fields: {
            start_time: `Прокатное удостоверение фильма выдано ${shown(day(24))}: сеанс ${shown(day(2))} раньше`,
          },
        },
      },
    });
    const late = await store(film.id, inHours(100));
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(`действует до ${shown(day(72))}`);
    const sessionsOf = () => shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.filmId, film.id));
    expect(await sessionsOf()).toEqual([]);

    const within = await store(film.id, inHours(48));
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    // Moving it past the rental end is refused too.
    const moved = await shop.t.call(
      'PUT /schedules/:id',
      { params: { id: within.body.id }, body: { start_time: inHours(100) } },
      token,
    );
    expect(moved.status).toBe(400);

    const event = await buildFilm(shop.t.ctx.db, { puNumber: null, puReason: '3' });
    expect((await store(event.id, inHours(2))).status).toBe(201);
  });
});

describe('POST /api/schedules/{id}/cancel', () => {
  it('commits with its job, which refunds an online sale once however often it runs, cancels a pending order and mails the buyers', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 900, price: 400 });
    const paidBuyer = await shop.buyer();
    const paid = await buySeats(shop.t, paidBuyer, session, ['r3m1', 'r3m2']);
    const payingBuyer = await shop.buyer();
    const pending = await orderSeats(shop.t, payingBuyer, session, ['r4m1']);
    expect(await billIds()).toContain(session.id);

    const { status, body } = await shop.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Авария в зале' } },
      await manager(),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ refunded_online: 2, refund_at_counter: 0, orders_cancelled: 1 });
    // The cancellation's outbox entry enqueued the refund job under its one id.
    const job = await shop.t.ctx.queues.queue('orders').getJob(sessionJobIds.cancelledRefunds(session.id));
    expect(job?.name).toBe('sessions.refund-cancelled');
    expect(job?.data).toMatchObject({ sessionId: session.id });

    // The job's work, run twice at once and once more after: each line is refunded at the provider once.
    await Promise.all([settleCancelledSession(shop.t.ctx, session.id), settleCancelledSession(shop.t.ctx, session.id)]);
    await settleCancelledSession(shop.t.ctx, session.id);
    const paymentId = await providerPaymentOf(shop.t.ctx, paid.id);
    expect(shop.t.ctx.emulator.control.refunds().filter((r) => r.payment_id === paymentId)).toHaveLength(2);
    const refundRows = await shop.t.ctx.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, paid.id));
    expect(refundRows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await ticketsOf(session.id)).map((t) => [t.seatNumber, t.status])).toEqual([
      ['r3m1', 'refunded'],
      ['r3m2', 'refunded'],
      ['r4m1', 'cancelled'],
    ]);
    const [order] = await shop.t.ctx.db.select().from(schema.orders).where(eq(schema.orders.id, pending.id));
    expect(order!.status).toBe('cancelled');
    expect(await billIds()).not.toContain(session.id);
    // The buyers are told: the cancellation mail job is queued.
    const mails = await shop.t.ctx.queues.queue('mail').getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(mails.filter((j) => j.name === 'mail.session-cancelled').map((j) => j.data.sessionId)).toContain(session.id);
    // Nothing more is sold for it; it cannot be cancelled again.
    const late = await shop.t.call('POST /tickets/store', { body: orderBody(session, ['r5m1']) }, paidBuyer.token);
    expect(late.status).toBe(409);
    const again = await shop.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Ещё раз' } },
      await manager(),
    );
    expect(again.body).toMatchObject({ error: { code: 'session_cancelled' } });
    // Its hall's time is free again: another session moves into the very slot.
    const other = await buildSession(shop.t.ctx.db, { startsInMinutes: 3000 });
    const moved = await shop.t.call(
      'PUT /schedules/:id',
      {
        params: { id: other.id },
        body: { start_time: toCinemaTime(session.startTime).slice(0, 16), hall_id: session.hallId },
      },
      await manager(),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });

  it('needs a reason (400) and a manager or admin (403 for a cashier)', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 900 });
    const noReason = await shop.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: ' ' } },
      await manager(),
    );
    expect(noReason.status).toBe(400);
    const cashier = (await buildSignedInUser(shop.t.ctx, { role: 'cashier' })).token;
    const refused = await shop.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Нет' } },
      cashier,
    );
    expect(refused.status).toBe(403);
    const [row] = await shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
    expect(row!.cancelledAt).toBeNull();
  });
});
