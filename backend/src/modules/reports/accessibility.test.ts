/**
 * The weekly subtitles report on fixed dates (an ISO week years ahead, so no other session of the file's
 * database falls in it): national films only (a Russian ПУ or country), cancelled sessions and the next week left out, the evening
 * window's edge, the roles and the refusals.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityReportSchema, isoWeekMonday, isoWeekOf } from '../../contract/reports';
import { addDays, fromCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildCountry, buildFilm, buildSession, buildSignedInUser, linkFilm } from '../../testing/factories';

const api = useTestApi();
const WEEK = '2031-W10';
const MONDAY = '2031-03-03';
const at = (day: number, time: string) => fromCinemaTime(`${addDays(MONDAY, day)} ${time}`);
const report = (token: string, week: unknown = WEEK) =>
  api.t.call('GET /reports/accessibility', { query: { week: week as string } }, token);
let manager: string;
let films: Record<'compliant' | 'late' | 'foreign' | 'animation', { id: number }>;

beforeAll(async () => {
  const { db } = api.ctx;
  manager = (await buildSignedInUser(api.ctx, { role: 'manager' })).token;
  const [existing] = await db.select().from(schema.countries).where(eq(schema.countries.name, 'Россия'));
  const russia = existing ?? (await buildCountry(db, { name: 'Россия' }));
  const france = await buildCountry(db);
  films = {
    compliant: await buildFilm(db, { title: 'А: два с субтитрами, один вечером', puNumber: '111000131' }),
    // No ПУ yet: national by its country.
    late: await buildFilm(db, { title: 'Б: субтитры только утром и в 22:00', puNumber: null }),
    // A foreign release's ПУ ('121…') and no Russian country.
    foreign: await buildFilm(db, { title: 'В: зарубежный', puNumber: '121000331' }),
    // A Russian animation's ПУ ('114…') and no country in the catalogue: national by its ПУ.
    animation: await buildFilm(db, { title: 'Г: мультфильм, страна не указана', puNumber: '114000431' }),
  };
  await linkFilm(db, films.compliant.id, { countryIds: [russia.id] });
  await linkFilm(db, films.late.id, { countryIds: [france.id, russia.id] });
  await linkFilm(db, films.foreign.id, { countryIds: [france.id] });

  const session = (filmId: number, startTime: Date, more: Partial<typeof schema.sessions.$inferInsert> = {}) =>
    buildSession(db, { filmId, startTime, ...more });
  await session(films.compliant.id, at(0, '12:00'), { subtitles: true });
  await session(films.compliant.id, at(2, '19:30'), { subtitles: true, audioDescription: true });
  await session(films.compliant.id, at(3, '15:00'));
  // Cancelled, and the next week's Monday: neither counts.
  await session(films.compliant.id, at(4, '20:00'), { subtitles: true, cancelledAt: at(-3, '10:00') });
  await session(films.compliant.id, at(7, '00:00'), { subtitles: true });
  await session(films.late.id, at(1, '10:00'), { subtitles: true });
  await session(films.late.id, at(6, '22:00'), { subtitles: true });
  await session(films.late.id, at(5, '17:59'));
  await session(films.foreign.id, at(1, '19:00'));
  await session(films.animation.id, at(4, '18:00'), { subtitles: true });
});

describe('GET /api/reports/accessibility', () => {
  it('lists each national film of the week (by its ПУ or its country) with its sessions, subtitled sessions and the evening one', async () => {
    const { status, body } = await report(manager);
    expect(status, JSON.stringify(body)).toBe(200);
    const parsed = AccessibilityReportSchema.parse(body);
    expect(parsed).toMatchObject({ week: WEEK, from: MONDAY, to: '2031-03-09', compliant: false });
    expect(parsed.films).toEqual([
      {
        id: films.compliant.id,
        title: 'А: два с субтитрами, один вечером',
        pu_number: '111000131',
        national_by: 'pu',
        sessions: 3,
        subtitled_sessions: 2,
        evening_subtitled: true,
        compliant: true,
      },
      {
        id: films.late.id,
        title: 'Б: субтитры только утром и в 22:00',
        pu_number: null,
        national_by: 'country',
        sessions: 3,
        subtitled_sessions: 2,
        evening_subtitled: false,
        compliant: false,
      },
      {
        id: films.animation.id,
        title: 'Г: мультфильм, страна не указана',
        pu_number: '114000431',
        national_by: 'pu',
        sessions: 1,
        subtitled_sessions: 1,
        evening_subtitled: true,
        compliant: false,
      },
    ]);
  });

  it('shows a week with no national film as empty and compliant', async () => {
    const { status, body } = await report(manager, '2031-W20');
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: '2031-05-12', films: [], compliant: true });
  });

  it('answers the admin, and refuses a cashier and a content manager (403)', async () => {
    const admin = (await buildSignedInUser(api.ctx, { role: 'admin' })).token;
    expect((await report(admin)).status).toBe(200);
    for (const role of ['cashier', 'content-manager'] as const) {
      const token = (await buildSignedInUser(api.ctx, { role })).token;
      expect((await report(token)).status, role).toBe(403);
    }
  });

  it('refuses a week that is not YYYY-Www or does not exist (400 naming the week)', async () => {
    for (const week of ['2031-10', '2031-03-03', '2027-W53', '2031-W00', undefined]) {
      const { status, body } = await api.t.call(
        'GET /reports/accessibility',
        { query: week === undefined ? {} : { week } } as never,
        manager,
      );
      expect([status, Object.keys((body.error.details as { fields: object }).fields)], String(week)).toEqual([
        400,
        ['week'],
      ]);
    }
  });
});

describe('isoWeekMonday', () => {
  it('finds the Monday of ISO weeks across year ends, and no week 53 in a year without one', () => {
    expect(isoWeekMonday('2026-W01')).toBe('2025-12-29');
    expect(isoWeekMonday('2020-W53')).toBe('2020-12-28');
    expect(isoWeekMonday(WEEK)).toBe(MONDAY);
    expect(isoWeekMonday('2026-W53')).toBe('2026-12-28');
    expect(isoWeekMonday('2027-W53')).toBeNull();
  });

  it('names the week of a date, the year of its Thursday', () => {
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2031-03-09')).toBe(WEEK);
    expect(isoWeekOf('2031-03-10')).toBe('2031-W11');
  });
});
