import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeatSessionView } from '../../contract/seats';
import { toCinemaTime } from '../../contract/time';
import { buildFilm, buildHall, buildSession } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';

describe('GET /api/seats/{sessionId}', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.close());

  it('returns 200 with the session as the seat popover shows it', async () => {
    const film = await buildFilm(t.ctx.db, { title: 'Солярис', age: 12, typeGraphic: '3D', poster: 'solaris.jpg' });
    const hall = await buildHall(t.ctx.db, { name: 'Кинотеатр «Ракета» Зал 3' });
    const session = await buildSession(t.ctx.db, { filmId: film.id, hallId: hall.id, price: 480 });
    const res = await t.fetch(`/api/seats/${session.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()) as SeatSessionView).toEqual({
      id: session.id,
      start_time: toCinemaTime(session.startTime),
      price: 480,
      hall: { id: hall.id, name: 'Кинотеатр «Ракета» Зал 3' },
      movie: { id: film.id, title: 'Солярис', age: 12, type_graphic: '3D', poster: 'solaris.jpg' },
      // No price card: every zone at SPEC's one price.
      prices: { standard: { adult: 480 }, vip: { adult: 480 }, sofa: { adult: 480 } },
      session_date: toCinemaTime(session.startTime).slice(0, 10),
      no_discount_until: null,
      pushkin: false,
      // The hall holds no wheelchair space back from general sale.
      wheelchair_sale_from: null,
      // An ordinary session: no subtitles, no audio description.
      subtitles: false,
      audio_description: false,
    });
  });

  it('returns 404 for a session that does not exist and 400 for an id that is not a number', async () => {
    expect((await t.fetch('/api/seats/999999')).status).toBe(404);
    expect((await t.fetch('/api/seats/abc')).status).toBe(400);
  });
});
