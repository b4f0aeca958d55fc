/**
 * Small builders for test data: `await buildFilm(ctx.db, { title: 'Дюна' })`. Each fills every
 * required field with a believable default and returns the inserted row.
 */
import { randomUUID } from 'node:crypto';
import { ACTOR_ROLE, type NewsBlockType, type Role } from '../contract/constants';
import { toCinemaTime, fromCinemaTime } from '../contract/time';
import { schema, type Db } from '../db';
import { hashPassword } from '../lib/infra/passwords';
import { issueToken } from '../modules/auth/tokens';
import type { AppContext } from '../context';
import type { OrderChange } from '../effects/changes/orders';

const unique = () => randomUUID().slice(0, 8);

export const TEST_PASSWORD = 'secret-password-1';

export async function buildUser(db: Db, overrides: Partial<typeof schema.users.$inferInsert> & { role?: Role } = {}) {
  const [user] = await db
    .insert(schema.users)
    .values({
      fio: 'Анна Зрительница',
      email: `viewer-${unique()}@example.test`,
      password: await hashPassword(TEST_PASSWORD),
      birthday: '1995-05-05',
      ...overrides,
    })
    .returning();
  return user!;
}

/** A user and a valid bearer token for them. */
export async function buildSignedInUser(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  overrides: Parameters<typeof buildUser>[1] = {},
) {
  const user = await buildUser(ctx.db, overrides);
  return { user, token: await issueToken(ctx, user.id) };
}

export async function buildFilm(db: Db, overrides: Partial<typeof schema.films.$inferInsert> = {}) {
  const [film] = await db
    .insert(schema.films)
    .values({
      title: `Фильм ${unique()}`,
      description: 'Описание фильма',
      age: 12,
      year: 2025,
      time: 120,
      rating: 7.5,
      isRent: 1,
      // A made-up distribution certificate: sessions go on sale only for a film with one.
      puNumber: '121000001',
      ...overrides,
    })
    .returning();
  return film!;
}

export async function buildHall(db: Db, overrides: Partial<typeof schema.halls.$inferInsert> = {}) {
  const [hall] = await db
    .insert(schema.halls)
    .values({ name: `Кинотеатр «Тест» Зал ${unique()}`, ...overrides })
    .returning();
  return hall!;
}

/** A session starting `startsInMinutes` from now (negative: already started), with a film and hall if not given. */
export async function buildSession(
  db: Db,
  {
    startsInMinutes = 120,
    ...overrides
  }: Partial<typeof schema.sessions.$inferInsert> & { startsInMinutes?: number } = {},
) {
  const filmId = overrides.filmId ?? (await buildFilm(db)).id;
  const hallId = overrides.hallId ?? (await buildHall(db)).id;
  // Whole minutes, as the back office schedules them.
  const start =
    overrides.startTime ?? fromCinemaTime(toCinemaTime(new Date(Date.now() + startsInMinutes * 60_000)).slice(0, 16));
  const [session] = await db
    .insert(schema.sessions)
    .values({
      filmId,
      hallId,
      startTime: start,
      endTime: new Date(start.getTime() + 120 * 60_000),
      price: 350,
      ...overrides,
    })
    .returning();
  return session!;
}

export async function buildGenre(db: Db, overrides: Partial<typeof schema.genres.$inferInsert> = {}) {
  const [genre] = await db
    .insert(schema.genres)
    .values({ name: `жанр ${unique()}`, ...overrides })
    .returning();
  return genre!;
}

export async function buildCountry(db: Db, overrides: Partial<typeof schema.countries.$inferInsert> = {}) {
  const [country] = await db
    .insert(schema.countries)
    .values({ name: `Страна ${unique()}`, ...overrides })
    .returning();
  return country!;
}

export async function buildPerson(db: Db, overrides: Partial<typeof schema.persons.$inferInsert> = {}) {
  const [person] = await db
    .insert(schema.persons)
    .values({
      fio: `Иван Актёров ${unique()}`,
      birthday: '1980-04-12',
      careers: ['Актер'],
      placeBirthday: 'Пермь, Россия',
      ...overrides,
    })
    .returning();
  return person!;
}

/** Attaches genres, countries, people, photos and videos to a film. */
export async function linkFilm(
  db: Db,
  filmId: number,
  links: {
    genreIds?: number[];
    countryIds?: number[];
    persons?: { personId: number; role?: string; position?: string | null }[];
    photos?: string[];
    videos?: string[];
  },
) {
  const { genreIds = [], countryIds = [], persons = [], photos = [], videos = [] } = links;
  if (genreIds.length) await db.insert(schema.filmGenres).values(genreIds.map((genreId) => ({ filmId, genreId })));
  if (countryIds.length) {
    await db.insert(schema.filmCountries).values(countryIds.map((countryId) => ({ filmId, countryId })));
  }
  if (persons.length) {
    await db
      .insert(schema.filmPersons)
      .values(
        persons.map(({ personId, role = ACTOR_ROLE, position = null }) => ({ filmId, personId, role, position })),
      );
  }
  if (photos.length) await db.insert(schema.filmPhotos).values(photos.map((photo) => ({ filmId, photo })));
  if (videos.length) await db.insert(schema.filmVideos).values(videos.map((video) => ({ filmId, video })));
}

/**
 * A sold ticket; the buyer is made up when not given. Unless `orderId` is given, it is the one line
 * of a new paid order (paid without a provider payment, as sales before orders were).
 */
export async function buildTicket(
  db: Db,
  overrides: Partial<typeof schema.tickets.$inferInsert> & Pick<typeof schema.tickets.$inferInsert, 'sessionId'>,
) {
  const userId = overrides.userId ?? (await buildUser(db)).id;
  const priceKopecks = overrides.priceKopecks ?? 35_000;
  const status = overrides.status ?? 'paid';
  const orderId =
    overrides.orderId ??
    (
      await buildOrder(db, {
        userId,
        sessionId: overrides.sessionId,
        totalKopecks: priceKopecks,
        status: status === 'pending' ? 'pending' : 'paid',
      })
    ).id;
  const [ticket] = await db
    .insert(schema.tickets)
    .values({
      seatNumber: 'r1m1',
      // A refunded ticket carries its refund time (a CHECK says so).
      ...(status === 'refunded' ? { refundedAt: new Date() } : {}),
      ...overrides,
      status,
      priceKopecks,
      basePriceKopecks: overrides.basePriceKopecks ?? priceKopecks,
      orderId,
      userId,
    })
    .returning();
  return ticket!;
}

/** An order of a session (paid by default, its paid time now); add its lines with buildTicket({ orderId }). */
export async function buildOrder(
  db: Db,
  overrides: Partial<typeof schema.orders.$inferInsert> & Pick<typeof schema.orders.$inferInsert, 'sessionId'>,
) {
  const status = overrides.status ?? 'paid';
  const [order] = await db
    .insert(schema.orders)
    .values({
      channel: 'web',
      status,
      totalKopecks: 35_000,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      ...(status === 'paid' ? { paidAt: new Date() } : {}),
      ...overrides,
    })
    .returning();
  return order!;
}

export async function buildReview(
  db: Db,
  overrides: Partial<typeof schema.reviews.$inferInsert> & Pick<typeof schema.reviews.$inferInsert, 'filmId'>,
) {
  const userId = overrides.userId ?? (await buildUser(db)).id;
  const [review] = await db
    .insert(schema.reviews)
    .values({ title: 'Отличный фильм', comment: 'Смотрел с удовольствием.', typeRating: 1, ...overrides, userId })
    .returning();
  return review!;
}

/** An article with content blocks numbered from 1 in the given order; the author is made up when not given. */
export async function buildNews(
  db: Db,
  {
    items = [],
    ...overrides
  }: Partial<typeof schema.news.$inferInsert> & { items?: { type: NewsBlockType; content: string }[] } = {},
) {
  const userId = overrides.userId ?? (await buildUser(db, { role: 'content-manager' })).id;
  const [news] = await db
    .insert(schema.news)
    .values({ title: `Новость ${unique()}`, mainImg: 'news/main.jpg', ...overrides, userId })
    .returning();
  if (items.length) {
    await db.insert(schema.newsItems).values(items.map((item, i) => ({ newsId: news!.id, itemOrder: i + 1, ...item })));
  }
  return news!;
}

/** A promotion running from `startsInDays` to `endsInDays` from now (negative: in the past). */
export async function buildPromotion(
  db: Db,
  {
    startsInDays = -1,
    endsInDays = 30,
    ...overrides
  }: Partial<typeof schema.promotions.$inferInsert> & { startsInDays?: number; endsInDays?: number } = {},
) {
  const day = 24 * 3600_000;
  const [promotion] = await db
    .insert(schema.promotions)
    .values({
      title: `Акция ${unique()}`,
      text: 'Скидка на билеты',
      img: 'stocks/promo.jpg',
      dateStart: new Date(Date.now() + startsInDays * day),
      dateEnd: new Date(Date.now() + endsInDays * day),
      ...overrides,
    })
    .returning();
  return promotion!;
}

/** What a paid order says it changed, for tickets built here: `await announce(ctx, [soldChange(tickets)])`. */
export function soldChange(tickets: (typeof schema.tickets.$inferSelect)[]): OrderChange {
  const [first] = tickets;
  return {
    what: 'orders',
    kind: 'paid',
    orderId: first!.orderId,
    userId: first!.userId,
    sessionId: first!.sessionId,
    ticketIds: tickets.map((t) => t.id),
    seats: tickets.map((t) => t.seatNumber),
  };
}
