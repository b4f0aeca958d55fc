/**
 * Demo data: a believable cinema (halls, films with casts and artwork, a week of sessions with
 * tickets sold, news, promotions, reviews and one account per role). Idempotent: rows are found by
 * natural keys and only what is missing is created, so a second run on the same day changes
 * nothing and a run on a later day only adds the new days of the programme.
 *
 *   await seed({ db: ctx.db, storageDir: ctx.config.storageDir, logger: ctx.logger });
 */
import { toCinemaDate } from '../contract/time';
import type { Db } from '../db';
import type { Logger } from '../lib/infra/logger';
import { currentVersions } from '../modules/documents/service';
import { ensureFavourites, ensureReviews } from './audience';
import { ensureCountries, ensureGenres, ensureHalls, HALL_NAMES } from './catalog';
import { ensureCinemaSettings } from './cinema';
import { ensureNews, ensurePromotions } from './content';
import { BUYERS, DEMO_VIEWER } from './data/accounts';
import { FILMS, type SeedFilm } from './data/films';
import { ensureFilms, ensurePuNumbers, loadSeededFilms } from './films';
import { copySeedImages } from './images';
import { ensurePersons } from './persons';
import { ensurePricing, priceHallSessions } from './prices';
import { ensureProgramme } from './sessions';
import { ensureUsers } from './users';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, describeDemoAccounts, type DemoAccount } from './data/accounts';

export interface SeedOptions {
  db: Db;
  /** The storage folder served at /storage (config.storageDir); the artwork goes to its images/seed. */
  storageDir: string;
  logger?: Logger;
  /** The moment the programme and the ticket states are computed from (tests fix it). */
  now?: Date;
}

/** How many rows of each kind this run created (all zero when everything was there). */
export interface SeedSummary {
  /** The cinema's details (1 when written now). */
  settings: number;
  users: number;
  genres: number;
  countries: number;
  halls: number;
  persons: number;
  films: number;
  sessions: number;
  tickets: number;
  reviews: number;
  favourites: number;
  news: number;
  promotions: number;
}

export async function seed({ db, storageDir, logger, now = new Date() }: SeedOptions): Promise<SeedSummary> {
  await copySeedImages(storageDir);
  const today = toCinemaDate(now);
  // One transaction: a failed run leaves nothing half-made behind.
  const summary = await db.transaction(async (tx) => {
    const settings = await ensureCinemaSettings(tx);
    const users = await ensureUsers(tx);
    const viewer = users.ids.get(DEMO_VIEWER)!;
    const genres = await ensureGenres(tx);
    const countries = await ensureCountries(tx);
    const halls = await ensureHalls(tx);
    const persons = await ensurePersons(tx, today);
    const films = await ensureFilms(tx, { genres: genres.ids, countries: countries.ids, persons: persons.ids });
    await ensurePuNumbers(tx, films.ids.values());
    // The films on the bill: in rental, and not only announced.
    const announced = new Set(FILMS.filter((f: SeedFilm) => f.announced).map((f) => films.ids.get(f.slug)));
    const inRent = (await loadSeededFilms(tx, films.ids.values())).filter(
      (f) => f.isRent === 1 && !announced.has(f.id),
    );
    // Hall 3 is laid out like a real one: VIP, sofas, wheelchair spaces, price cards.
    const pricedHall = halls.ids.get(HALL_NAMES[2]!)!;
    const cards = await ensurePricing(tx, { hallId: pricedHall, filmId: inRent[0]?.id, today });
    const programme = await ensureProgramme(tx, {
      now,
      halls: HALL_NAMES.map((name) => halls.ids.get(name)!),
      films: inRent,
      buyers: BUYERS.map((slug) => users.ids.get(slug)!),
      viewer,
    });
    await priceHallSessions(tx, pricedHall, cards);
    // The cinema's documents: Kino's drafts, marked for the cinema's lawyer (modules/documents/drafts).
    await currentVersions(tx);
    return {
      settings,
      users: users.created,
      genres: genres.created,
      countries: countries.created,
      halls: halls.created,
      persons: persons.created,
      films: films.created,
      sessions: programme.sessions,
      tickets: programme.tickets,
      reviews: await ensureReviews(tx, users.ids, films.ids, now),
      favourites: await ensureFavourites(tx, viewer, films.ids, persons.ids),
      news: await ensureNews(tx, users.ids, now),
      promotions: await ensurePromotions(tx, today),
    };
  });
  logger?.info({ created: summary }, 'demo data seeded');
  return summary;
}
