/** Sessions' accessibility flags (REGISTRIES.md §4.3): set when scheduling or later, shown on the bill and the staff list. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../contract/common';
import { ScheduleListSchema, SessionSchema, StaffSessionSchema } from '../../contract/schedules';
import { addDays, toCinemaDate } from '../../contract/time';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '../../testing/factories';

const api = useTestApi();
const day = () => addDays(toCinemaDate(new Date()), 2);
const manager = async () => (await buildSignedInUser(api.ctx, { role: 'manager' })).token;
const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, String(v));
  return data;
};
const flagsOf = async (id: number) => {
  const [row] = await api.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return [row!.subtitles, row!.audioDescription];
};

describe('accessible sessions', () => {
  it('schedules a subtitled session from the form and the bill, the film page, the seat popover and the staff list show its flags', async () => {
    const token = await manager();
    const film = await buildFilm(api.ctx.db, { time: 90, isRent: 1 });
    const hall = await buildHall(api.ctx.db);
    const created = await api.t.call(
      'POST /schedule/store',
      {
        body: form({
          movie_id: film.id,
          hall_id: hall.id,
          start_time: `${day()} 19:00`,
          price: 400,
          subtitles: 'true',
          audio_description: 'false',
        }),
      },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = SessionSchema.parse(created.body);
    expect([session.subtitles, session.audio_description]).toEqual([true, false]);

    const bill = ScheduleListSchema.parse((await api.t.call('GET /schedules')).body).flatMap((f) => f.schedule);
    expect(bill.find((s) => s.id === session.id)).toMatchObject({ subtitles: true, audio_description: false });
    const staff = pageSchema(StaffSessionSchema).parse(
      (await api.t.call('GET /schedules/admin', { query: { date: day() } }, token)).body,
    );
    expect(staff.data.find((s) => s.id === session.id)).toMatchObject({ subtitles: true, audio_description: false });
    const page = await api.t.call('GET /films/:id', { params: { id: film.id } });
    expect(page.body.schedule.find((s: { id: number }) => s.id === session.id)).toMatchObject({ subtitles: true });
    // The seat popover's view of the session.
    const seats = await api.t.call('GET /seats/:sessionId', { params: { sessionId: session.id } });
    expect(seats.body).toMatchObject({ subtitles: true, audio_description: false });
  });

  it('defaults both flags to false when not sent, and takes JSON booleans', async () => {
    const token = await manager();
    const film = await buildFilm(api.ctx.db, { time: 60 });
    const hall = await buildHall(api.ctx.db);
    const plain = await api.t.call(
      'POST /schedule/store',
      { body: { movie_id: film.id, hall_id: hall.id, start_time: `${day()} 10:00`, price: 300 } },
      token,
    );
    expect(plain.status).toBe(201);
    expect([plain.body.subtitles, plain.body.audio_description]).toEqual([false, false]);
    const described = await api.t.call(
      'POST /schedule/store',
      {
        body: {
          movie_id: film.id,
          hall_id: hall.id,
          start_time: `${day()} 12:00`,
          price: 300,
          audio_description: true,
        },
      },
      token,
    );
    expect(described.status).toBe(201);
    expect(await flagsOf(described.body.id)).toEqual([false, true]);
  });

  it('changes only the flags sent with PUT, and leaves the rest of the session as it was', async () => {
    const session = await buildSession(api.ctx.db, { startsInMinutes: 2000, price: 450 });
    const token = await manager();
    const on = await api.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { subtitles: true, audio_description: true } },
      token,
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ subtitles: true, audio_description: true, price: 450 });
    const off = await api.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { subtitles: false } },
      token,
    );
    expect(off.status).toBe(200);
    expect(await flagsOf(session.id)).toEqual([false, true]);
  });

  it('refuses a flag that is not yes or no (400 naming it) and writes nothing', async () => {
    const token = await manager();
    const film = await buildFilm(api.ctx.db);
    const hall = await buildHall(api.ctx.db);
    for (const [field, value] of [
      ['subtitles', 'да'],
      ['audio_description', '1'],
      ['subtitles', ''],
    ] as const) {
      const { status, body } = await api.t.call(
        'POST /schedule/store',
        {
          body: form({ movie_id: film.id, hall_id: hall.id, start_time: `${day()} 15:00`, price: 300, [field]: value }),
        },
        token,
      );
      expect([status, Object.keys((body.error.details as { fields: object }).fields)]).toEqual([400, [field]]);
    }
    expect(await api.ctx.db.$count(schema.sessions, eq(schema.sessions.hallId, hall.id))).toBe(0);

    const session = await buildSession(api.ctx.db, { startsInMinutes: 2000 });
    const bad = await api.t.call(
      'PUT /schedules/:id',
      { params: { id: session.id }, body: { subtitles: 'yes', audio_description: true } },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toMatchObject({ fields: { subtitles: expect.any(String) } });
    expect(await flagsOf(session.id)).toEqual([false, false]);
  });
});
