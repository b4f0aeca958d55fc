import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ScheduleListSchema, SessionSchema, StaffSessionSchema } from '../../contract/schedules';
import { pageSchema } from '../../contract/common';
import { addDays, toCinemaDate, toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildHall, buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';

const api = useTestApi();
const tomorrow = () => addDays(toCinemaDate(new Date()), 1);
const manager = async () => (await buildSignedInUser(api.ctx, { role: 'manager' })).token;
/** The form as the back office sends it: multipart text fields. */
const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  return data;
};
const sessionsIn = (hallId: number) => api.ctx.db.$count(schema.sessions, eq(schema.sessions.hallId, hallId));

describe('POST /api/schedule/store', () => {
  it("returns 201 with the session, its end derived from the film's length, and the public bill shows it at once", async () => {
    const token = await manager();
    const film = await buildFilm(api.ctx.db, { time: 95, isRent: 1 });
    const hall = await buildHall(api.ctx.db);
    // The bill is read (and cached) before the session exists.
    await api.t.call('GET /schedules');
    const { status, body } = await api.t.call(
      'POST /schedule/store',
      // The client's end is wrong on purpose: the server computes it.
      {
        body: form({
          movie_id: film.id,
          hall_id: hall.id,
          start_time: `${tomorrow()} 19:30:00`,
          end_time: `${tomorrow()} 23:59:00`,
          price: 450,
        }),
      },
      token,
    );
    expect(status).toBe(201);
    const session = SessionSchema.parse(body);
    expect(session).toMatchObject({
      start_time: `${tomorrow()} 19:30:00`,
      end_time: `${tomorrow()} 21:05:00`,
      price: 450,
      hall_id: hall.id,
    });
    const bill = ScheduleListSchema.parse((await api.t.call('GET /schedules')).body);
    expect(bill.flatMap((f) => f.schedule).map((s) => s.id)).toContain(session.id);
    // Its seat map works: the session is known to the seat endpoint.
    expect((await api.t.call('GET /seats/:sessionId', { params: { sessionId: session.id } })).status).toBe(200);
  });

  it('accepts an ISO start with its offset, and JSON', async () => {
    const film = await buildFilm(api.ctx.db, { time: 60 });
    const hall = await buildHall(api.ctx.db);
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    start.setUTCSeconds(0, 0);
    const { status, body } = await api.t.call(
      'POST /schedule/store',
      { body: { movie_id: film.id, hall_id: hall.id, start_time: start.toISOString(), price: 300 } },
      await manager(),
    );
    expect(status).toBe(201);
    expect(body.start_time).toBe(toCinemaTime(start));
  });

  it('returns 409 naming the session in the way when it overlaps another in the same hall, and writes nothing', async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Занимающий зал', time: 120 });
    const hall = await buildHall(api.ctx.db);
    const token = await manager();
    const first = await api.t.call(
      'POST /schedule/store',
      { body: form({ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 10:00`, price: 300 }) },
      token,
    );
    expect(first.status).toBe(201);
    const { status, body } = await api.t.call(
      'POST /schedule/store',
      { body: form({ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 11:00`, price: 300 }) },
      token,
    );
    expect(status).toBe(409);
    expect(body.error.code).toBe('session_overlap');
    expect(body.error.details).toMatchObject({ session: { id: first.body.id, title: 'Занимающий зал' } });
    expect(await sessionsIn(hall.id)).toBe(1);
    // Back to back is fine; another hall is fine.
    expect(
      (
        await api.t.call(
          'POST /schedule/store',
          { body: form({ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 12:00`, price: 300 }) },
          token,
        )
      ).status,
    ).toBe(201);
    const other = await buildHall(api.ctx.db);
    expect(
      (
        await api.t.call(
          'POST /schedule/store',
          { body: form({ movie_id: film.id, hall_id: other.id, start_time: `${tomorrow()} 11:00`, price: 300 }) },
          token,
        )
      ).status,
    ).toBe(201);
  });

  it('lets exactly one of two concurrent overlapping schedulings win', async () => {
    const film = await buildFilm(api.ctx.db, { time: 90 });
    const hall = await buildHall(api.ctx.db);
    const token = await manager();
    const attempts = await Promise.all(
      ['15:00', '15:30', '16:00', '15:15'].map((time) =>
        api.t.call(
          'POST /schedule/store',
          { body: form({ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} ${time}`, price: 300 }) },
          token,
        ),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await sessionsIn(hall.id)).toBe(1);
  });

  it('returns 400 for a start in the past, a price that is not a positive whole number of roubles, or an unknown film', async () => {
    const film = await buildFilm(api.ctx.db);
    const hall = await buildHall(api.ctx.db);
    const token = await manager();
    const yesterday = addDays(toCinemaDate(new Date()), -1);
    const cases: [Record<string, string | number>, string][] = [
      [{ movie_id: film.id, hall_id: hall.id, start_time: `${yesterday} 12:00`, price: 300 }, 'start_time'],
      [{ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 12:00`, price: 0 }, 'price'],
      [{ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 12:00`, price: '299.5' }, 'price'],
      [{ movie_id: film.id, hall_id: hall.id, start_time: `${tomorrow()} 12:00`, price: -5 }, 'price'],
      [{ movie_id: 2147483647, hall_id: hall.id, start_time: `${tomorrow()} 12:00`, price: 300 }, 'movie_id'],
      [{ movie_id: film.id, hall_id: hall.id, start_time: 'завтра вечером', price: 300 }, 'start_time'],
    ];
    for (const [fields, field] of cases) {
      const { status, body } = await api.t.call('POST /schedule/store', { body: form(fields) }, token);
      expect([status, Object.keys((body.error.details as { fields: object }).fields)], JSON.stringify(fields)).toEqual([
        400,
        [field],
      ]);
    }
    expect(await sessionsIn(hall.id)).toBe(0);
  });
});

describe('GET /api/schedules/admin', () => {
  it('returns a page of sessions with free, taken and total seats and the sum, filterable by date', async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Таблица', time: 100, poster: 'posters/t.webp' });
    const hall = await buildHall(api.ctx.db, { name: 'Кинотеатр «Ракета» Зал 9' });
    const day = addDays(toCinemaDate(new Date()), 5);
    const session = await buildSession(api.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: new Date(`${day}T12:00:00+03:00`),
      price: 350,
    });
    for (const seat of ['r1m1', 'r1m2', 'r1m3'])
      await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: seat, priceKopecks: 35000 });
    await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r1m4', status: 'refunded' });
    const { status, body } = await api.t.call('GET /schedules/admin', { query: { date: day } }, await manager());
    expect(status).toBe(200);
    const page = pageSchema(StaffSessionSchema).parse(body);
    expect(page.data.find((s) => s.id === session.id)).toMatchObject({
      movie: { title: 'Таблица', poster: 'posters/t.webp' },
      hall: { name: 'Кинотеатр «Ракета» Зал 9' },
      duration: 100,
      price: 350,
      taken: 3,
      paid: 3,
      free: 107,
      total: 110,
      sum: 1050,
      cancelled_at: null,
      cancel_reason: null,
    });
    expect(page.data.every((s) => s.start_time.startsWith(day))).toBe(true);
  });

  it('keeps a cancelled session listed with when and why, and counts the paid tickets apart from those being paid', async () => {
    const token = await manager();
    const day = addDays(toCinemaDate(new Date()), 6);
    const hall = await buildHall(api.ctx.db);
    const at = (time: string) => new Date(`${day}T${time}:00+03:00`);
    const onSale = await buildSession(api.ctx.db, { hallId: hall.id, startTime: at('10:00') });
    await buildTicket(api.ctx.db, { sessionId: onSale.id, seatNumber: 'r2m1' });
    await buildTicket(api.ctx.db, { sessionId: onSale.id, seatNumber: 'r2m2', status: 'pending' });
    const called = await buildSession(api.ctx.db, { hallId: hall.id, startTime: at('18:00') });
    const cancel = await api.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: called.id }, body: { reason: '  Ремонт проектора ' } },
      token,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const { status, body } = await api.t.call('GET /schedules/admin', { query: { date: day } }, token);
    expect(status).toBe(200);
    const rows = pageSchema(StaffSessionSchema).parse(body).data;
    expect(rows.map((s) => [s.id, s.taken, s.paid, s.cancel_reason])).toEqual([
      [onSale.id, 2, 1, null],
      [called.id, 0, 0, 'Ремонт проектора'],
    ]);
    // The sum is what the paid ticket brought: the line still being paid brings nothing yet.
    expect(rows[0]!.sum).toBe(350);
    expect(rows[0]!.cancelled_at).toBeNull();
    expect(rows[1]!.cancelled_at).toBe(cancel.body.cancelled_at);
    // The bill no longer shows it; the staff list still does.
    const bill = ScheduleListSchema.parse((await api.t.call('GET /schedules')).body);
    expect(bill.flatMap((f) => f.schedule).map((s) => s.id)).not.toContain(called.id);
  });

  it('refuses a cashier the list, and changing or cancelling a session (403), writing nothing', async () => {
    const cashier = (await buildSignedInUser(api.ctx, { role: 'cashier' })).token;
    const session = await buildSession(api.ctx.db, { startsInMinutes: 900 });
    expect((await api.t.call('GET /schedules/admin', {}, cashier)).status).toBe(403);
    const moved = await api.t.call('PUT /schedules/:id', { params: { id: session.id }, body: { price: 999 } }, cashier);
    expect(moved.status).toBe(403);
    const cancelled = await api.t.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Нет' } },
      cashier,
    );
    expect(cancelled.status).toBe(403);
    const [row] = await api.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
    expect([row!.price, row!.cancelledAt]).toEqual([session.price, null]);
  });
});
