/**
 * The demo's artwork: SVG files drawn by `scripts/seed-images.ts`, committed under
 * backend/seed-assets/images/, and copied by the seed into the storage folder the API serves at
 * /storage/images. Stored image values are these relative paths (e.g. 'seed/posters/helios.svg').
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The committed artwork; its layout mirrors <storageDir>/images. */
export const SEED_ASSETS_DIR = path.resolve(import.meta.dirname, '..', '..', 'seed-assets', 'images');

/** Every seed image lives under this folder of the storage, apart from uploads. */
const ROOT = 'seed';

/** How many stills a film has and how many extra photos a person has. */
export const STILLS_PER_FILM = 3;
export const PHOTOS_PER_PERSON = 2;

/** The stored value (path below <storageDir>/images) of each kind of seed image. */
export const seedImage = {
  poster: (film: string) => `${ROOT}/posters/${film}.svg`,
  promo: (film: string) => `${ROOT}/promo/${film}.svg`,
  still: (film: string, n: number) => `${ROOT}/stills/${film}-${n}.svg`,
  person: (person: string) => `${ROOT}/persons/${person}.svg`,
  personPhoto: (person: string, n: number) => `${ROOT}/persons/${person}-${n}.svg`,
  news: (news: string, n = 0) => `${ROOT}/news/${n === 0 ? news : `${news}-${n}`}.svg`,
  promotion: (promotion: string) => `${ROOT}/promotions/${promotion}.svg`,
  avatar: (account: string) => `${ROOT}/avatars/${account}.svg`,
};

/** 1..count, for numbered stills and photos. */
export const numbered = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** Copies the committed artwork into the served storage folder (overwriting with identical files). */
export async function copySeedImages(storageDir: string): Promise<void> {
  await fs.cp(path.join(SEED_ASSETS_DIR, ROOT), path.join(storageDir, 'images', ROOT), { recursive: true });
}
