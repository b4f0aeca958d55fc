/** POST /api/tickets/store: holds become tickets, once, and nothing is written on any refusal. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { ScheduleListSchema } from '../../contract/schedules';
import type { TicketStoreBody, TicketStoreResponse } from '../../contract/tickets';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { request, says, socketPool, type SeatClient } from '../../testing/seat-client';

describe('POST /api/tickets/store', () => {
  let t: TestApi;
  const sockets = socketPool(() => t.url);
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  async function buyer() {
    const { user, token } = await buildSignedInUser(t.ctx);
    const socket = await sockets.connect(token);
    return { user, token, socket };
  }
  async function hold(socket: SeatClient, sessionId: number, seats: string[]) {
    await socket.join(sessionId);
    for (const seat of seats) expect((await request(socket, 'seats:hold', { sessionId, seat })).ok).toBe(true);
  }
  const bodyFor = (session: typeof schema.sessions.$inferSelect, seats: string[]): TicketStoreBody => ({
    price: session.price,
    schedule_id: session.id,
    seat_number: seats,
    purchase_date: toCinemaTime(session.startTime),
  });
  const store = (json: unknown, token?: string) => t.fetch('/api/tickets/store', { method: 'POST', json, token });
  const ticketsOf = (sessionId: number) =>
    t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, sessionId));
  async function errorOf(res: Response) {
    return ErrorBodySchema.parse(await res.json()).error;
  }

  it('returns 201 with the tickets, drops the holds, tells the room and the schedule the seats are sold and queues the PDFs', async () => {
    const session = await buildSession(t.ctx.db, { price: 420 });
    const { user, token, socket } = await buyer();
    const watcher = await buyer();
    await watcher.socket.join(session.id);
    await hold(socket, session.id, ['r5m6', 'r5m5']);
    const takenIn = async () =>
      ScheduleListSchema.parse(await (await t.fetch('/api/schedules')).json())
        .flatMap((film) => film.schedule)
        .find((s) => s.id === session.id)!
        .ticket.map((x) => x.seat_number)
        .sort();
    expect(await takenIn()).toEqual([]); // now cached

    const res = await store(bodyFor(session, ['r5m6', 'r5m5']), token);
    expect(res.status).toBe(201);
    const { tickets } = (await res.json()) as TicketStoreResponse;
    expect(tickets.map((x) => x.seat_number)).toEqual(['r5m5', 'r5m6']);
    expect(tickets[0]).toMatchObject({
      price: 420,
      is_watching: 0,
      schedule: { id: session.id, start_time: toCinemaTime(session.startTime), price: 420 },
      user: { fio: user.fio },
    });
    expect(tickets[0]!.purchase_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const rows = await ticketsOf(session.id);
    expect(rows.map((r) => [r.seatNumber, r.userId, r.price]).sort()).toEqual([
      ['r5m5', user.id, 420],
      ['r5m6', user.id, 420],
    ]);
    const sold = await watcher.socket.waitForDelta(says('r5m5', 'sold'));
    expect(sold.changes).toEqual([
      { seat: 'r5m5', state: 'sold' },
      { seat: 'r5m6', state: 'sold' },
    ]);
    expect(await socket.join(session.id)).toMatchObject({ sold: ['r5m5', 'r5m6'], mine: [], deadline: null });
    expect(await takenIn()).toEqual(['r5m5', 'r5m6']);
    const ids = tickets.map((x) => x.id);
    const job = await t.ctx.queues.queue('tickets').getJob(`tickets-pdf-${ids.join('-')}`);
    // The job names the request that caused it, for its log lines.
    expect(job?.data).toEqual({ ticketIds: ids, requestId: expect.any(String) });
  });

  it('returns 401 for a guest and writes nothing', async () => {
    const session = await buildSession(t.ctx.db);
    const res = await store(bodyFor(session, ['r1m1']));
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthenticated');
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it.each([
    ['no seats', { seat_number: [] }, 'seat_number'],
    ['seven seats', { seat_number: ['r1m1', 'r1m2', 'r1m3', 'r1m4', 'r1m5', 'r1m6', 'r1m7'] }, 'seat_number'],
    ['a repeated seat', { seat_number: ['r1m1', 'r1m1'] }, 'seat_number'],
    ['a seat outside the hall', { seat_number: ['r11m1'] }, 'seat_number.0'],
    ['a price as text', { price: '350' }, 'price'],
    ['no session', { schedule_id: undefined }, 'schedule_id'],
    ['a date that is not a time', { purchase_date: 'завтра' }, 'purchase_date'],
  ])('returns 400 for %s and writes nothing', async (_name, change, field) => {
    const session = await buildSession(t.ctx.db);
    const { token } = await buyer();
    const res = await store({ ...bodyFor(session, ['r1m1']), ...change }, token);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys((error.details as { fields: object }).fields)).toContain(field);
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 404 for a session that does not exist', async () => {
    const session = await buildSession(t.ctx.db);
    const { token } = await buyer();
    const res = await store({ ...bodyFor(session, ['r1m1']), schedule_id: 999_999 }, token);
    expect(res.status).toBe(404);
  });

  it('returns 409 price_changed with the current price for a tampered price, and writes nothing', async () => {
    const session = await buildSession(t.ctx.db, { price: 500 });
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r2m1']);
    const res = await store({ ...bodyFor(session, ['r2m1']), price: 1 }, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'price_changed', details: { price: 500 } });
    expect(await ticketsOf(session.id)).toEqual([]);
    expect(await socket.join(session.id)).toMatchObject({ mine: ['r2m1'], sold: [] });
  });

  it('returns 409 hold_expired for seats the buyer does not hold, and writes nothing', async () => {
    const session = await buildSession(t.ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r3m1']);
    const res = await store(bodyFor(session, ['r3m1', 'r3m2']), token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'hold_expired', details: { seat: 'r3m2' } });
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 409 seat_taken for a seat held by another viewer, and writes nothing', async () => {
    const session = await buildSession(t.ctx.db);
    const ann = await buyer();
    const bob = await buyer();
    await hold(ann.socket, session.id, ['r4m1']);
    const res = await store(bodyFor(session, ['r4m1']), bob.token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'seat_taken', details: { seat: 'r4m1' } });
    expect(await ticketsOf(session.id)).toEqual([]);
  });

  it('returns 409 session_started once the session has begun', async () => {
    const session = await buildSession(t.ctx.db, { startsInMinutes: -1 });
    const { token } = await buyer();
    const res = await store(bodyFor(session, ['r1m1']), token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('session_started');
  });

  it('returns 409 conflict when the session time the buyer saw is not the session’s time', async () => {
    const session = await buildSession(t.ctx.db);
    const { token, socket } = await buyer();
    await hold(socket, session.id, ['r1m1']);
    const res = await store({ ...bodyFor(session, ['r1m1']), purchase_date: '2020-01-01 10:00:00' }, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'conflict',
      details: { start_time: toCinemaTime(session.startTime) },
    });
  });

  it('returns 409 seat_taken from the unique index when Redis let a sold seat be held, and writes none of the seats', async () => {
    const session = await buildSession(t.ctx.db);
    const ann = await buyer();
    const bob = await buyer();
    await ann.socket.join(session.id);
    // A ticket Redis never heard of (as if Redis lost the sale): the hold is granted, the database refuses.
    await t.ctx.db
      .insert(schema.tickets)
      .values({ sessionId: session.id, userId: bob.user.id, seatNumber: 'r6m6', price: session.price });
    await hold(ann.socket, session.id, ['r6m5', 'r6m6']);
    const res = await store(bodyFor(session, ['r6m5', 'r6m6']), ann.token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('seat_taken');
    expect((await ticketsOf(session.id)).map((r) => r.seatNumber)).toEqual(['r6m6']);
  });

  it('sells each seat exactly once when 50 buyers race for the same seats', async () => {
    const session = await buildSession(t.ctx.db);
    const seats = ['r7m1', 'r7m2', 'r7m3', 'r7m4', 'r7m5', 'r7m6'];
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    await Promise.all(buyers.map((b) => b.socket.join(session.id)));
    // Everyone grabs every seat at once; each seat goes to exactly one of them.
    const acks = await Promise.all(
      buyers.flatMap((b) => seats.map((seat) => request(b.socket, 'seats:hold', { sessionId: session.id, seat }))),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(seats.length);
    // Then everyone tries to buy every seat at once.
    const attempts = buyers.flatMap((b) => seats.map((seat) => ({ b, seat })));
    const answers = await Promise.all(attempts.map(({ b, seat }) => store(bodyFor(session, [seat]), b.token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(seats.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(attempts.length - seats.length);
    const rows = await ticketsOf(session.id);
    expect(rows.map((r) => r.seatNumber).sort()).toEqual(seats);
  });
});
