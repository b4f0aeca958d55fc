/** How a Kinopoisk film document becomes our film's columns. Pure: the rules are tested on their own. */
import { trailerEmbed } from '../../../contract/trailer';
import type { KpBoxOffice, KpFilm, KpVideos } from '../kinopoisk/schemas';

/** films.title, genres.name and countries.name are varchar(255) / varchar(100). */
const TITLE_MAX = 255;
export const NAME_MAX = 100;
/** The trailers slider of the film page shows a few; a film may have dozens of clips. */
export const VIDEOS_MAX = 10;

const clean = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim() || undefined;

/** The Russian title, else the original, else the English one; undefined when Kinopoisk has none. */
export const filmTitle = (film: KpFilm) =>
  clean(film.nameRu ?? undefined)?.slice(0, TITLE_MAX) ??
  clean(film.nameOriginal ?? undefined)?.slice(0, TITLE_MAX) ??
  clean(film.nameEn ?? undefined)?.slice(0, TITLE_MAX);

/** 'age16' → 16; unknown or missing → 0 (no limit known; staff set it on the edit screen). */
export function ageFrom(ratingAgeLimits: string | null | undefined): number {
  const match = /^age(\d{1,2})$/.exec(ratingAgeLimits ?? '');
  const age = match ? Number(match[1]) : 0;
  return age <= 21 ? age : 0;
}

/** The budget in US dollars (our column's unit): a BUDGET item in USD; other currencies are not converted. */
export function budgetFrom(boxOffice: KpBoxOffice): number | null {
  const item = boxOffice.items.find((i) => i.type === 'BUDGET' && i.currencyCode === 'USD' && i.amount >= 0);
  return item ? Math.round(item.amount) : null;
}

/**
 * The video links the film page can play (the contract's trailer rule), in Kinopoisk's order,
 * each clip once. Kinopoisk widgets and direct .mp4 files are left out: the player cannot embed them.
 */
export function playableVideos(videos: KpVideos): string[] {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const { url } of videos.items) {
    const embed = trailerEmbed(url);
    if (!embed || seen.has(embed.src)) continue;
    seen.add(embed.src);
    links.push(url.trim());
  }
  return links.slice(0, VIDEOS_MAX);
}

/** Rating 0–10, a plausible year and a positive length fit the films table's checks; others are dropped. */
export const ratingFrom = (film: KpFilm) =>
  film.ratingKinopoisk != null && film.ratingKinopoisk >= 0 && film.ratingKinopoisk <= 10 ? film.ratingKinopoisk : null;
export const yearFrom = (film: KpFilm) =>
  film.year != null && film.year >= 1850 && film.year <= 3000 ? film.year : null;
export const minutesFrom = (film: KpFilm) =>
  film.filmLength != null && film.filmLength > 0 && film.filmLength <= 32_767 ? film.filmLength : undefined;

/** Genre or country names: trimmed, non-empty, shortened to the column, each (case-insensitively) once. */
export function distinctNames(names: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const name = clean(raw)?.slice(0, NAME_MAX);
    if (name && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()];
}
