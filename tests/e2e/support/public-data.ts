/**
 * A small, believable bill for browser tests of the public site: films with genres, countries,
 * people, photos and sessions today and on the next days, news and promotions. Images are SVG
 * files written into the API's storage, so every page has real pictures to load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { minutesLaterToday } from './clock';
import type { ElementHandle } from 'puppeteer-core';
import type { Page } from './browser';
import { addDays, cinemaNow, fromCinemaTime } from '@kino/backend/contract';
import {
  buildCountry,
  buildFilm,
  buildGenre,
  buildHall,
  buildNews,
  buildPerson,
  buildPromotion,
  buildReview,
  buildSession,
  buildTicket,
  linkFilm,
} from '@kino/backend/testing/factories';
import type { AppContext } from '@kino/backend/context';
import { schema } from '@kino/backend/db';

function writeImage(
  ctx: Pick<AppContext, 'config'>,
  name: string,
  width: number,
  height: number,
  hue: number,
  text: string,
) {
  const dir = path.join(ctx.config.storageDir, 'images');
  fs.mkdirSync(dir, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 20%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${Math.round(height / 10)}" text-anchor="middle">${text}</text></svg>`;
  fs.writeFileSync(path.join(dir, name), svg);
  return name;
}

export interface PublicData {
  /** The film on sale today and tomorrow, with an actor. */
  film: { id: number; title: string };
  actor: { id: number; fio: string };
  /** The second date of the bill, 'YYYY-MM-DD'. */
  tomorrow: string;
  /** A film showing only tomorrow. */
  tomorrowFilm: { id: number; title: string };
}

export async function insertPublicData(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PublicData> {
  const db = ctx.db;
  const eveningInMinutes = minutesLaterToday(90);
  const now = cinemaNow();
  const today = now.slice(0, 10);
  const tomorrow = addDays(today, 1);
  const drama = await buildGenre(db, { name: 'драма' });
  const fantasy = await buildGenre(db, { name: 'фантастика' });
  const comedy = await buildGenre(db, { name: 'комедия' });
  const russia = await buildCountry(db, { name: 'Россия' });
  const usa = await buildCountry(db, { name: 'США' });
  const hall = await buildHall(db, { name: 'Кинотеатр «Ракета» Зал 1' });

  const film = await buildFilm(db, {
    title: 'Звёздный путь домой',
    description: 'Экипаж станции возвращается на Землю, которую никто из них не помнит.',
    age: 12,
    year: 2025,
    time: 135,
    rating: 7.8,
    budget: 90_000_000,
    typeGraphic: '3D',
    trailer: 'https://www.youtube.com/watch?v=n9xhJrPXop4',
    poster: writeImage(ctx, 'poster-1.svg', 400, 600, 260, 'Звёздный путь'),
    promoImg: writeImage(ctx, 'promo-1.svg', 1280, 720, 250, 'Звёздный путь домой'),
    createdAt: new Date(Date.now() - 60_000),
  });
  const tomorrowFilm = await buildFilm(db, {
    title: 'Лето в Перми',
    age: 6,
    year: 2024,
    time: 98,
    rating: 6.2,
    poster: writeImage(ctx, 'poster-2.svg', 400, 600, 30, 'Лето в Перми'),
    promoImg: writeImage(ctx, 'promo-2.svg', 1280, 720, 20, 'Лето в Перми'),
  });
  const actor = await buildPerson(db, {
    fio: 'Полина Грачёва',
    birthday: '1996-03-08',
    careers: ['Актер'],
    placeBirthday: 'Санкт-Петербург, Россия',
    mainImg: writeImage(ctx, 'person-1.svg', 300, 400, 320, 'П. Грачёва'),
  });
  const director = await buildPerson(db, { fio: 'Тимур Газиев', careers: ['Режиссер', 'Актер'] });
  await db
    .insert(schema.personPhotos)
    .values([{ personId: actor.id, photo: writeImage(ctx, 'person-1-a.svg', 600, 400, 300, 'Фото 1') }]);
  await linkFilm(db, film.id, {
    genreIds: [fantasy.id, drama.id],
    countryIds: [russia.id, usa.id],
    persons: [
      { personId: actor.id, role: 'actor', position: 'Капитан Орлова' },
      { personId: director.id, role: 'director' },
    ],
    photos: [
      writeImage(ctx, 'still-1.svg', 960, 540, 200, 'Кадр 1'),
      writeImage(ctx, 'still-2.svg', 960, 540, 180, 'Кадр 2'),
    ],
    videos: ['https://www.youtube.com/watch?v=n9xhJrPXop4'],
  });
  await linkFilm(db, tomorrowFilm.id, {
    genreIds: [comedy.id],
    countryIds: [russia.id],
    persons: [{ personId: actor.id }],
  });

  // Today: one session that has started (when the day allows) and one later today; tomorrow: both films.
  const at = (date: string, time: string) => fromCinemaTime(`${date} ${time}`);
  const startedToday = now.slice(11, 16) >= '00:10';
  // In a hall of its own: two-hour sessions of one hall may not overlap (sessions_no_overlap).
  if (startedToday) {
    const small = await buildHall(db, { name: 'Кинотеатр «Ракета» Зал 2' });
    await buildSession(db, { filmId: film.id, hallId: small.id, startsInMinutes: -5 });
  }
  const later = await buildSession(db, {
    filmId: film.id,
    hallId: hall.id,
    startsInMinutes: eveningInMinutes,
    price: 450,
  });
  await buildTicket(db, { sessionId: later.id, seatNumber: 'r5m6' });
  await buildSession(db, { filmId: film.id, hallId: hall.id, startTime: at(tomorrow, '19:30'), price: 400 });
  await buildSession(db, { filmId: tomorrowFilm.id, hallId: hall.id, startTime: at(tomorrow, '12:00'), price: 300 });

  await buildReview(db, { filmId: film.id, title: 'Красиво и умно', comment: 'Пересмотрю ещё раз.' });
  await buildNews(db, {
    title: 'Открыли второй зал',
    mainImg: writeImage(ctx, 'news-1.svg', 1200, 600, 140, 'Новый зал'),
    items: [
      { type: 'title', content: 'Больше сеансов' },
      { type: 'text', content: 'С понедельника работает второй зал на 110 мест.' },
    ],
  });
  await buildPromotion(db, {
    title: 'Вторник дешевле',
    text: 'По вторникам все сеансы по 250 ₽.',
    img: writeImage(ctx, 'stock-1.svg', 1280, 720, 90, 'Вторник'),
  });
  return { film, actor, tomorrow, tomorrowFilm };
}

/**
 * Opens a session's seats from the home page's schedule: the time button reads what it shows
 * («11:14, 300 ₽, Зал 9»), so it is found by its time and its hall's short name.
 */
export async function openSessionFromSchedule(page: Page, time: string, shortHall: string): Promise<void> {
  const button = await page.waitForFunction(
    (t, hall) =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('#schedule li button:not([disabled])')).find((b) => {
        const text = b.textContent ?? '';
        return text.startsWith(`${t}, `) && text.endsWith(hall);
      }),
    {},
    time,
    shortHall,
  );
  // In the middle of the window, as a viewer would have it before pressing: after puppeteer's own
  // scrolling its click at times reached no button (seen on the home bill, where the list moves).
  const target = button as ElementHandle<HTMLButtonElement>;
  await target.evaluate((b) => b.scrollIntoView({ block: 'center' }));
  await target.click();
}
