import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ScheduleListSchema } from '../../contract/schedules';
import { addDays, fromCinemaTime, toCinemaDate } from '../../contract/time';
import { schema } from '../../db';
import {
  buildFilm,
  buildGenre,
  buildHall,
  buildSession,
  buildTicket,
  linkFilm,
  soldChange,
} from '../../testing/factories';
import { useTestApi } from '../../testing/api';
import { announce } from '../../effects';
import { loadSchedules } from './service';

const api = useTestApi();

const getSchedules = async () => {
  const res = await api.t.fetch('/api/schedules');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ScheduleListSchema.parse(await res.json());
};

describe('GET /api/schedules', () => {
  it('returns 200 [] when nothing is on', async () => {
    expect(await getSchedules()).toEqual([]);
  });

  it('lists films from today on, each with its sessions, hall, movie and sold seats', async () => {
    await announce(api.ctx, [{ what: 'sessions', ids: [] }]);
    const genre = await buildGenre(api.ctx.db, { name: 'триллер' });
    const hall = await buildHall(api.ctx.db, { name: 'Кинотеатр «Ракета» Зал 1' });
    const film = await buildFilm(api.ctx.db, { title: 'Сеансный', time: 95, typeGraphic: '3D', age: 16 });
    const other = await buildFilm(api.ctx.db, { title: 'Другой' });
    await linkFilm(api.ctx.db, film.id, { genreIds: [genre.id] });
    const tomorrow = addDays(toCinemaDate(new Date()), 1);
    const later = await buildSession(api.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: fromCinemaTime(`${tomorrow} 21:15`),
      endTime: fromCinemaTime(`${tomorrow} 22:50`),
      price: 420,
    });
    const sooner = await buildSession(api.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: fromCinemaTime(`${tomorrow} 10:00`),
      endTime: fromCinemaTime(`${tomorrow} 11:35`),
    });
    const otherSession = await buildSession(api.ctx.db, {
      filmId: other.id,
      startTime: fromCinemaTime(`${addDays(tomorrow, 1)} 12:00`),
    });
    await buildSession(api.ctx.db, { filmId: other.id, startTime: fromCinemaTime(`${addDays(tomorrow, -2)} 12:00`) });
    await buildTicket(api.ctx.db, { sessionId: later.id, seatNumber: 'r5m6' });
    await buildTicket(api.ctx.db, { sessionId: later.id, seatNumber: 'r5m7', status: 'cancelled' });

    const list = await getSchedules();
    expect(list.map((f) => f.id)).toEqual([film.id, other.id]);
    expect(list[1]!.schedule.map((s) => s.id)).toEqual([otherSession.id]);
    const [entry] = list;
    expect(entry).toMatchObject({
      title: 'Сеансный',
      time: 95,
      age: 16,
      type_graphic: '3D',
      genres: [{ genre_id: genre.id, genre: { name: 'триллер' } }],
    });
    expect(entry!.schedule.map((s) => s.id)).toEqual([sooner.id, later.id]);
    expect(entry!.schedule[1]).toEqual({
      id: later.id,
      movie_id: film.id,
      hall_id: hall.id,
      start_time: `${tomorrow} 21:15:00`,
      end_time: `${tomorrow} 22:50:00`,
      price: 420,
      hall: { id: hall.id, name: 'Кинотеатр «Ракета» Зал 1', capacity: 110 },
      movie: { id: film.id, title: 'Сеансный', poster: null, promo_img: null, time: 95, age: 16, type_graphic: '3D' },
      count_close_seat: 1,
      ticket: [{ schedule_id: later.id, seat_number: 'r5m6' }],
      price_card_id: null,
      subtitles: false,
      audio_description: false,
    });
  });

  it("keeps the day's sessions that already started (shown as past) and drops the day before", async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Утренний' });
    const morning = await buildSession(api.ctx.db, { filmId: film.id, startTime: fromCinemaTime('2031-03-10 00:10') });
    await buildSession(api.ctx.db, { filmId: film.id, startTime: fromCinemaTime('2031-03-09 23:50') });
    const list = await loadSchedules(api.ctx, fromCinemaTime('2031-03-10 18:00'));
    expect(list.find((f) => f.id === film.id)!.schedule.map((s) => s.id)).toEqual([morning.id]);
  });

  it('serves sold seats from the cache until a committed ticket change reaches the effects table', async () => {
    const session = await buildSession(api.ctx.db, { startsInMinutes: 24 * 60 });
    await announce(api.ctx, [{ what: 'sessions', ids: [session.id] }]);
    const seatsOf = async () =>
      (await getSchedules())
        .flatMap((f) => f.schedule)
        .find((s) => s.id === session.id)!
        .ticket.map((x) => x.seat_number);
    expect(await seatsOf()).toEqual([]);

    const ticket = await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r10m11' });
    expect(await seatsOf()).toEqual([]);
    const sold = {
      what: 'tickets' as const,
      userId: ticket.userId,
      sessionId: session.id,
      ticketIds: [ticket.id],
      seats: ['r10m11'],
    };
    await announce(api.ctx, [soldChange([ticket])]);
    expect(await seatsOf()).toEqual(['r10m11']);

    await api.ctx.db
      .update(schema.tickets)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(schema.tickets.id, ticket.id));
    await announce(api.ctx, [{ ...sold, kind: 'refunded' } as const]);
    expect(await seatsOf()).toEqual([]);
  });
});
