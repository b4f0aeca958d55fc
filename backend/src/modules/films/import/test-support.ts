/**
 * What the import tests share: a context pointed at a fake Kinopoisk, the files under the image
 * storage, the rows of every table an import writes, and the AppError an import was refused with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { schema, type Db } from '../../../db';
import { createTestContext, type TestContext } from '../../../testing/harness';
import { startFakeKinopoisk, type FakeKinopoisk } from '../../../testing/kinopoisk-fake';

export interface ImportTest {
  kp: FakeKinopoisk;
  ctx: TestContext;
  close(): Promise<void>;
}

export async function startImportTest(): Promise<ImportTest> {
  const kp = await startFakeKinopoisk();
  const ctx = await createTestContext({ env: kp.env });
  return {
    kp,
    ctx,
    close: async () => {
      await ctx.close();
      await kp.close();
    },
  };
}

/** The same context with another Kinopoisk key (undefined: none configured). */
export const withApiKey = (ctx: TestContext, apiKey: string | undefined): TestContext => ({
  ...ctx,
  config: { ...ctx.config, kinopoisk: { ...ctx.config.kinopoisk, apiKey } },
});

/** Every stored image, as names below storage/images ('posters/….webp'), sorted. */
export function storedFiles(ctx: TestContext): string[] {
  const root = path.join(ctx.config.storageDir, 'images');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** How many rows each table an import writes holds. */
export async function rowCounts(db: Db) {
  const [films, genres, countries, persons, filmPersons, filmPhotos, filmVideos, filmGenres, filmCountries] =
    await Promise.all([
      db.$count(schema.films),
      db.$count(schema.genres),
      db.$count(schema.countries),
      db.$count(schema.persons),
      db.$count(schema.filmPersons),
      db.$count(schema.filmPhotos),
      db.$count(schema.filmVideos),
      db.$count(schema.filmGenres),
      db.$count(schema.filmCountries),
    ]);
  return { films, genres, countries, persons, filmPersons, filmPhotos, filmVideos, filmGenres, filmCountries };
}

export { refusal } from '../../../testing/refusal';
