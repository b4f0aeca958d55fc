/**
 * The demo seed against a real database: what a fresh run creates, that a second run changes
 * nothing, and that a run on a later day only adds the new day. The tests share one database and
 * run in order: seeded in beforeAll, re-seeded, then seeded "tomorrow".
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALL_CAPACITY, ROLES, SEAT_CODE_RE, STAFF_ROLES } from '../contract/constants';
import { addDays, fromCinemaTime, toCinemaDate } from '../contract/time';
import { schema } from '../db';
import { verifyPassword } from '../lib/infra/passwords';
import { startTestApi, type TestApi } from '../testing/harness';
import { HALL_NAMES } from './catalog';
import { DEMO_CINEMA } from './data/cinema';
import { DEMO_ACCOUNTS, seed, type SeedSummary } from './index';

const DAY = 86_400_000;
const today = toCinemaDate(new Date());
/** Mid-afternoon in the cinema: the morning shows are over, the evening ones to come. */
const now = fromCinemaTime(`${today} 14:00`);

let t: TestApi;
let first: SeedSummary;

const seedAt = (moment: Date) => seed({ db: t.ctx.db, storageDir: t.ctx.config.storageDir, now: moment });

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const [row] = await t.ctx.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

function ageOn(date: string, birthday: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthday.slice(0, 4));
  return date.slice(5) < birthday.slice(5) ? years - 1 : years;
}

beforeAll(async () => {
  // A fresh database, the cinema's details included: the seed writes the demo's.
  t = await startTestApi({ cinema: false });
  first = await seedAt(now);
});

afterAll(async () => {
  await t?.close();
});

describe('seed on a fresh database', () => {
  it('writes the demo cinema’s details into the settings, which the site then answers', async () => {
    expect(first.settings).toBe(1);
    const { status, body } = await t.call('GET /settings/cinema');
    expect(status).toBe(200);
    expect(body).toEqual(DEMO_CINEMA);
  });

  it('creates at least 12 films with genres, countries, stills, videos and a cast of a director and 5 actors', async () => {
    const films = await t.ctx.db.query.films.findMany({
      with: { genres: { with: { genre: true } }, countries: true, persons: true, photos: true, videos: true },
    });
    expect(films.length).toBeGreaterThanOrEqual(12);
    for (const film of films) {
      expect(film.genres.length, film.title).toBeGreaterThan(0);
      expect(film.genres.every((g) => g.genre.name === g.genre.name.toLowerCase())).toBe(true);
      expect(film.countries.length, film.title).toBeGreaterThan(0);
      expect(film.photos.length, film.title).toBeGreaterThan(0);
      expect(film.videos.length, film.title).toBeGreaterThan(0);
      expect(film.persons.filter((p) => p.role === 'director')).toHaveLength(1);
      expect(film.persons.filter((p) => p.role === 'actor' && p.position).length, film.title).toBeGreaterThanOrEqual(5);
      expect(film.description.length).toBeGreaterThan(100);
      expect(film.poster).toMatch(/^seed\/posters\/.+\.svg$/);
      expect(film.promoImg).toMatch(/^seed\/promo\/.+\.svg$/);
    }
    const ratings = films.map((f) => f.rating!);
    expect(ratings.some((r) => r <= 5)).toBe(true);
    expect(ratings.some((r) => r > 5 && r < 7)).toBe(true);
    expect(ratings.some((r) => r >= 7)).toBe(true);
    expect(new Set(films.map((f) => f.age))).toEqual(new Set([0, 6, 12, 16, 18]));
    expect(new Set(films.map((f) => f.typeGraphic))).toEqual(new Set(['2D', '3D', 'IMAX']));
    expect(films.filter((f) => f.isRent === 1).length).toBeGreaterThan(films.filter((f) => f.isRent === 0).length);
    expect(films.some((f) => f.isRent === 0)).toBe(true);
  });

  it('gives trailers on both accepted video hosts, in every link form, and one on another host', async () => {
    const trailers = (await t.ctx.db.select({ trailer: schema.films.trailer }).from(schema.films)).map(
      (f) => f.trailer!,
    );
    const watch = /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/;
    const short = /^https:\/\/youtu\.be\/[\w-]{11}$/;
    const rutube = /^https:\/\/rutube\.ru\/video\/[0-9a-f]{32}\/$/;
    expect(trailers.some((l) => watch.test(l))).toBe(true);
    expect(trailers.some((l) => short.test(l))).toBe(true);
    expect(trailers.some((l) => rutube.test(l))).toBe(true);
    expect(trailers.filter((l) => ![watch, short, rutube].some((re) => re.test(l)))).toHaveLength(1);
  });

  it('names 4 halls of 110 seats after the cinema and gives each a programme for today and the next 7 days', async () => {
    const halls = await t.ctx.db.query.halls.findMany({ with: { sessions: { with: { film: true } } } });
    expect(halls.map((h) => h.name).sort()).toEqual([1, 2, 3, 4].map((n) => `${DEMO_CINEMA.name} Зал ${n}`));
    const days = Array.from({ length: 8 }, (_, i) => addDays(today, i));
    for (const hall of halls) {
      expect(hall.capacity).toBe(HALL_CAPACITY);
      const perDay = days.map((d) => hall.sessions.filter((s) => toCinemaDate(s.startTime) === d).length);
      expect(Math.min(...perDay), hall.name).toBeGreaterThanOrEqual(4);
      for (const s of hall.sessions) {
        expect(s.endTime.getTime() - s.startTime.getTime()).toBe(s.film.time * 60_000);
        expect(s.price).toBeGreaterThanOrEqual(250);
      }
    }
    // One film is announced («Скоро в кино»): in rental with no session; every other film in rental is on the bill.
    const shown = new Set(halls.flatMap((h) => h.sessions.map((s) => s.filmId)));
    const inRent = await t.ctx.db.query.films.findMany({ where: (f, { eq }) => eq(f.isRent, 1) });
    expect(inRent.filter((f) => !shown.has(f.id)).map((f) => f.title)).toEqual(['Свадьба по расчёту']);
    const todays = halls.flatMap((h) => h.sessions).filter((s) => toCinemaDate(s.startTime) === today);
    expect(todays.some((s) => s.startTime < now)).toBe(true);
    expect(todays.some((s) => s.startTime > now)).toBe(true);
  });

  it('lays hall 3 out like a real one, through the plan editor’s checks: a VIP back row, five sofas, two wheelchair spaces', async () => {
    const hall = await t.ctx.db.query.halls.findFirst({ where: (h, { eq }) => eq(h.name, HALL_NAMES[2]!) });
    const { status, body: plan } = await t.call('GET /halls/:id/plan', { params: { id: hall!.id } });
    expect(status).toBe(200);
    expect([plan.rows, plan.columns, plan.capacity, plan.best]).toEqual([10, 11, HALL_CAPACITY, { row: 7, x: 6 }]);
    const codes = (pick: (seat: (typeof plan.seats)[number]) => boolean) =>
      plan.seats.filter(pick).map((seat) => seat.code);
    expect(codes((s) => s.zone === 'vip')).toEqual(Array.from({ length: 11 }, (_, i) => `r10m${i + 1}`));
    // Sofas for two: the plan editor pairs neighbouring sofa seats, left to right.
    expect(plan.seats.filter((s) => s.zone === 'sofa').map((s) => [s.code, s.pair])).toEqual(
      [1, 3, 5, 7, 9].flatMap((p) => [
        [`r9m${p}`, `r9m${p + 1}`],
        [`r9m${p + 1}`, `r9m${p}`],
      ]),
    );
    expect(codes((s) => s.wheelchair)).toEqual(['r1m1', 'r1m11']);
    expect(codes((s) => s.companion)).toEqual(['r1m2', 'r1m10']);
    expect(codes((s) => s.blocked)).toEqual([]);
    expect(plan.seats.filter((s) => s.zone === 'standard')).toHaveLength(110 - 11 - 10);
  });

  it('creates one account per role that signs in with the documented password, and a few more viewers', async () => {
    const users = await t.ctx.db.select().from(schema.users);
    expect(DEMO_ACCOUNTS.map((a) => a.role).sort()).toEqual([...ROLES].sort());
    for (const account of DEMO_ACCOUNTS) {
      const user = users.find((u) => u.email === account.email);
      expect(user, account.email).toMatchObject({ role: account.role, fio: account.fio });
    }
    const admin = users.find((u) => u.role === 'admin')!;
    expect(await verifyPassword(admin.password, DEMO_ACCOUNTS[0]!.password)).toBe(true);
    expect(users.filter((u) => u.role === 'customer').length).toBeGreaterThan(3);
  });

  it('sells paid tickets at the session price (their zone’s on a price card) whose watching state follows the session clock', async () => {
    const tickets = await t.ctx.db.query.tickets.findMany({ with: { session: true, user: true } });
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) {
      expect(ticket.seatNumber).toMatch(SEAT_CODE_RE);
      expect(ticket.status).toBe('paid');
      // SPEC's session price is the standard adult price; VIP and sofa seats cost more on a card.
      if (ticket.zoneCode === 'standard') expect(ticket.priceKopecks).toBe(ticket.session.price * 100);
      else expect(ticket.priceKopecks).toBeGreaterThan(ticket.session.price * 100);
      expect(ticket.purchaseDate.getTime()).toBeLessThanOrEqual(now.getTime());
      const expected = ticket.session.endTime <= now ? 2 : ticket.session.startTime <= now ? 1 : 0;
      expect(ticket.isWatching).toBe(expected);
    }
    expect(tickets.some((tk) => tk.zoneCode === 'vip')).toBe(true);
    const viewers = tickets.filter((tk) => tk.user?.email === 'viewer@kino.local');
    expect(viewers.some((tk) => tk.isWatching === 2)).toBe(true);
    expect(viewers.some((tk) => tk.isWatching === 0)).toBe(true);
  });

  it('writes positive and negative reviews with short titles', async () => {
    const reviews = await t.ctx.db.select().from(schema.reviews);
    expect(new Set(reviews.map((r) => r.typeRating))).toEqual(new Set([1, 2]));
    expect(reviews.every((r) => r.title.length > 0 && r.title.length <= 120)).toBe(true);
  });

  it('publishes news with blocks numbered from 1 by staff, and promotions running now', async () => {
    const news = await t.ctx.db.query.news.findMany({ with: { items: true, user: true } });
    expect(news.length).toBeGreaterThanOrEqual(4);
    for (const article of news) {
      expect(STAFF_ROLES).toContain(article.user.role);
      const orders = article.items.map((i) => i.itemOrder).sort((a, b) => a - b);
      expect(orders).toEqual(orders.map((_, i) => i + 1));
      expect(new Set(article.items.map((i) => i.type)).size).toBe(3);
    }
    const promotions = await t.ctx.db.select().from(schema.promotions);
    expect(promotions.length).toBeGreaterThanOrEqual(4);
    for (const p of promotions) expect(p.dateStart <= now && now <= p.dateEnd, p.title).toBe(true);
  });

  it('gives people ages that need every Russian plural form, careers, and parts in several films', async () => {
    const persons = await t.ctx.db.query.persons.findMany({ with: { films: true, photos: true } });
    const ages = persons.map((p) => ageOn(today, p.birthday!));
    expect(ages).toContain(21);
    expect(ages.some((a) => a >= 22 && a <= 24)).toBe(true);
    expect(ages.some((a) => a >= 11 && a <= 14)).toBe(true);
    expect(ages.some((a) => a >= 25)).toBe(true);
    for (const person of persons) {
      expect(person.careers.length, person.fio).toBeGreaterThan(0);
      expect(person.placeBirthday).toBeTruthy();
      expect(person.photos.length).toBeGreaterThan(0);
    }
    expect(persons.filter((p) => new Set(p.films.map((f) => f.filmId)).size >= 3).length).toBeGreaterThan(5);
  });

  it('copies every stored image into the storage folder, served by the API', async () => {
    const values = [
      ...(await t.ctx.db.select({ v: schema.films.poster }).from(schema.films)),
      ...(await t.ctx.db.select({ v: schema.films.promoImg }).from(schema.films)),
      ...(await t.ctx.db.select({ v: schema.filmPhotos.photo }).from(schema.filmPhotos)),
      ...(await t.ctx.db.select({ v: schema.persons.mainImg }).from(schema.persons)),
      ...(await t.ctx.db.select({ v: schema.personPhotos.photo }).from(schema.personPhotos)),
      ...(await t.ctx.db.select({ v: schema.news.mainImg }).from(schema.news)),
      ...(await t.ctx.db.select({ v: schema.promotions.img }).from(schema.promotions)),
      ...(await t.ctx.db.select({ v: schema.users.avatar }).from(schema.users)),
      ...(await t.ctx.db.query.newsItems.findMany({ where: (i, { eq }) => eq(i.type, 'image') })).map((i) => ({
        v: i.content,
      })),
    ]
      .map((row) => row.v)
      .filter((v): v is string => v !== null);
    expect(values.length).toBeGreaterThan(100);
    const images = path.join(t.ctx.config.storageDir, 'images');
    const missing = values.filter((v) => v.startsWith('http') || !fs.existsSync(path.join(images, v)));
    expect(missing).toEqual([]);

    const res = await t.fetch(`/storage/images/${values[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('<svg');
  });
});

describe('seed run again', () => {
  it('creates nothing and leaves every table as it was when run again the same day', async () => {
    expect(first.films).toBeGreaterThan(0);
    const before = await rowCounts();
    const again = await seedAt(new Date(now.getTime() + 3_600_000));
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await rowCounts()).toEqual(before);
  });

  it('adds only the programme of the new day, once per hall, when run on the next day', async () => {
    const before = await rowCounts();
    const tomorrow = new Date(now.getTime() + DAY);
    const next = await seedAt(tomorrow);
    const newDay = addDays(today, 8);
    const sessions = await t.ctx.db.select().from(schema.sessions);
    const added = sessions.filter((s) => toCinemaDate(s.startTime) === newDay);
    expect(next.sessions).toBe(added.length);
    expect(new Set(added.map((s) => s.hallId)).size).toBe(4);
    const after = await rowCounts();
    expect(after.sessions).toBe(before.sessions! + added.length);
    const sales = { sessions: 0, tickets: 0, orders: 0, order_events: 0 };
    expect({ ...after, ...sales }).toEqual({ ...before, ...sales });
    expect((await seedAt(tomorrow)).sessions).toBe(0);
  });

  it('leaves the cinema’s details the admin saved as they are', async () => {
    await t.ctx.db.update(schema.cinemaSettings).set({ name: 'Кинотеатр «Восход»' });
    expect((await seedAt(now)).settings).toBe(0);
    expect((await t.ctx.db.query.cinemaSettings.findFirst())?.name).toBe('Кинотеатр «Восход»');
  });
});
