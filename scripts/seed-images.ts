/**
 * Draws the demo artwork into backend/seed-assets/images (committed; the seed copies it to the
 * storage folder). Deterministic: running it again rewrites the same files. Run it after changing
 * the demo films, people, news or promotions:  npx tsx scripts/seed-images.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { CASTS } from '@kino/backend/seed/data/casts';
import { SEED_ACCOUNTS } from '@kino/backend/seed/data/accounts';
import { FILMS } from '@kino/backend/seed/data/films';
import { NEWS } from '@kino/backend/seed/data/news';
import { PERSONS } from '@kino/backend/seed/data/persons';
import { PROMOTIONS } from '@kino/backend/seed/data/promotions';
import { numbered, PHOTOS_PER_PERSON, SEED_ASSETS_DIR, seedImage, STILLS_PER_FILM } from '@kino/backend/seed/images';
import { newsImage, promotionImage } from './seed-art/extras';
import { FILM_ART } from './seed-art/film-art';
import { avatar, portrait, poster, promo, still } from './seed-art/layouts';

const files = new Map<string, string>();
const fioOf = new Map<string, string>(PERSONS.map((p) => [p.slug, p.fio]));

for (const film of FILMS) {
  const art = FILM_ART[film.slug];
  const cast = CASTS[film.slug];
  const card = {
    film,
    art,
    director: fioOf.get(cast.directors[0]!)!,
    stars: cast.actors.slice(0, 3).map(([p]) => fioOf.get(p)!),
  };
  files.set(seedImage.poster(film.slug), poster(card));
  files.set(seedImage.promo(film.slug), promo(card));
  for (const n of numbered(STILLS_PER_FILM)) files.set(seedImage.still(film.slug, n), still(film, art, n));
}

for (const person of PERSONS) {
  const firstFilm =
    FILMS.find((f) => CASTS[f.slug].actors.some(([p]) => p === person.slug)) ??
    FILMS.find((f) => CASTS[f.slug].directors.includes(person.slug));
  files.set(seedImage.person(person.slug), portrait(person, 0));
  for (const n of numbered(PHOTOS_PER_PERSON)) {
    files.set(seedImage.personPhoto(person.slug, n), portrait(person, n, firstFilm && FILM_ART[firstFilm.slug]));
  }
}

for (const news of NEWS) {
  files.set(seedImage.news(news.slug), newsImage(news, 0));
  for (const block of news.blocks)
    if (block.type === 'image') files.set(seedImage.news(news.slug, block.image), newsImage(news, block.image));
}

for (const promotion of PROMOTIONS) files.set(seedImage.promotion(promotion.slug), promotionImage(promotion));
for (const account of SEED_ACCOUNTS)
  if (account.hasAvatar) files.set(seedImage.avatar(account.slug), avatar(account.fio, account.slug));

// Start clean so artwork of removed items does not linger.
fs.rmSync(path.join(SEED_ASSETS_DIR, 'seed'), { recursive: true, force: true });
let bytes = 0;
for (const [name, svg] of files) {
  const file = path.join(SEED_ASSETS_DIR, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
  bytes += Buffer.byteLength(svg);
}
console.log(
  `Wrote ${files.size} images (${Math.round(bytes / 1024)} KB) to ${path.relative(process.cwd(), SEED_ASSETS_DIR)}`,
);
