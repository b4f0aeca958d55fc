/** importFilmPersons against a fake Kinopoisk on loopback and a real database. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../../contract/film-import';
import { schema } from '../../../db';
import { buildPerson } from '../../../testing/factories';
import type { FakeFilm } from '../../../testing/kinopoisk-fake';
import { findFilm } from '../service';
import { importFilm } from './import-film';
import { importFilmPersons, PERSONS_MAX } from './import-film-persons';
import { refusal, rowCounts, startImportTest, storedFiles, withApiKey, type ImportTest } from './test-support';

let t: ImportTest;
beforeAll(async () => {
  t = await startImportTest();
});
afterAll(() => t.close());

/** A film on the fake and in our cinema, with a director and `actors` actors. */
async function importedFilm(kinopoiskId: number, actors = 3): Promise<{ kp: FakeFilm; id: number }> {
  const kp = t.kp.addFilm(t.kp.sampleFilm(kinopoiskId));
  t.kp.castFilm(kp, { directors: 1, actors });
  const { id } = await importFilm(t.ctx, kinopoiskId);
  return { kp, id };
}

const personByStaffId = async (staffId: number) =>
  t.ctx.db.query.persons.findFirst({ where: eq(schema.persons.kinopoiskId, String(staffId)) });

describe('importFilmPersons', () => {
  it('creates the people with their details and photos and links actors by character, the rest by profession', async () => {
    const { kp, id } = await importedFilm(401, 2);
    kp.staff.push({
      staffId: 401_900,
      nameRu: null,
      nameEn: 'Lana Wachowski',
      description: null,
      posterUrl: t.kp.image('actor_posters/kp/401900.jpg'),
      professionText: 'Сценаристы',
      professionKey: 'WRITER',
    });
    const progress: ImportProgress[] = [];

    const answer = await importFilmPersons(t.ctx, 401, { onProgress: (p) => void progress.push(p) });

    const director = await personByStaffId(401_000);
    const actor = await personByStaffId(401_001);
    const writer = await personByStaffId(401_900);
    expect(answer).toEqual(
      [director, actor, await personByStaffId(401_002), writer].map((p) => ({
        id: p!.id,
        main_img: p!.mainImg,
        fio: p!.fio,
      })),
    );
    expect(director).toMatchObject({
      fio: 'Режиссёр 401000',
      birthday: '1965-04-04',
      placeBirthday: 'Москва, СССР',
      careers: ['Режиссер', 'Сценарист'],
      kinopoiskId: '401000',
    });
    expect(director!.mainImg).toMatch(/^persons\/[\w-]+\.webp$/);
    // Without a Russian name the English one; without a person page (404 on the fake) no details.
    expect(writer).toMatchObject({ fio: 'Lana Wachowski', birthday: null, placeBirthday: null, careers: [] });

    const film = await findFilm(t.ctx, id, t.ctx.clock.now());
    expect(film.persons.map((p) => [p.person.id, p.role, p.position])).toEqual([
      [director!.id, 'director', 'Режиссёр'],
      [actor!.id, 'actor', 'Персонаж 401001'],
      [answer[2]!.id, 'actor', 'Персонаж 401002'],
      [writer!.id, 'writer', 'Сценарист'],
    ]);
    expect(storedFiles(t.ctx)).toEqual(expect.arrayContaining(answer.map((p) => p.main_img)));

    expect(progress.filter((p) => p.stage === 'download').at(-1)).toEqual({ stage: 'download', done: 4, total: 4 });
    expect(progress.at(-1)).toEqual({ stage: 'save', done: 1, total: 1 });
  });

  it('adds nothing when run again: same answer, no new rows, files or look-ups', async () => {
    await importedFilm(402, 4);
    const first = await importFilmPersons(t.ctx, 402);
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    const lookUps = t.kp.hits('/api/v1/staff/');

    const second = await importFilmPersons(t.ctx, 402);

    expect(second).toEqual(first);
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    expect(storedFiles(t.ctx)).toEqual(files);
    expect(t.kp.hits('/api/v1/staff/')).toBe(lookUps);
  });

  it('matches people we already have by their Kinopoisk id and leaves them as they are', async () => {
    const { kp } = await importedFilm(403, 2);
    const known = await buildPerson(t.ctx.db, {
      fio: 'Отредактированное имя',
      kinopoiskId: String(kp.staff[1]!.staffId),
      mainImg: 'persons/edited.webp',
    });
    const persons = await t.ctx.db.$count(schema.persons);

    const answer = await importFilmPersons(t.ctx, 403);

    expect(answer[1]).toEqual({ id: known.id, main_img: 'persons/edited.webp', fio: 'Отредактированное имя' });
    expect(await t.ctx.db.$count(schema.persons)).toBe(persons + 2);
    expect(t.kp.hits(`/api/v1/staff/${kp.staff[1]!.staffId}`)).toBe(0);
  });

  it('shares people between films: a second film links the person created by the first', async () => {
    const { kp } = await importedFilm(404, 1);
    await importFilmPersons(t.ctx, 404);
    const other = t.kp.addFilm(t.kp.sampleFilm(405));
    other.staff.push(kp.staff[1]!);
    const { id } = await importFilm(t.ctx, 405);

    const answer = await importFilmPersons(t.ctx, 405);

    const person = await personByStaffId(kp.staff[1]!.staffId);
    expect(answer).toEqual([{ id: person!.id, main_img: person!.mainImg, fio: person!.fio }]);
    expect((await findFilm(t.ctx, id, t.ctx.clock.now())).persons).toHaveLength(1);
  });

  it('creates the person without a photo whose file is not an image or too large', async () => {
    const { kp } = await importedFilm(406, 2);
    t.kp.image(`actor_posters/kp/${kp.staff[1]!.staffId}.jpg`, 'not_an_image');
    t.kp.image(`actor_posters/kp/${kp.staff[2]!.staffId}.jpg`, 'oversized');

    const answer = await importFilmPersons(t.ctx, 406);

    expect(answer.map((p) => p.main_img === null)).toEqual([false, true, true]);
  });

  it(`takes at most ${PERSONS_MAX} parts, in Kinopoisk's order`, async () => {
    const { kp } = await importedFilm(407, PERSONS_MAX + 5);
    const answer = await importFilmPersons(t.ctx, 407);
    expect(answer).toHaveLength(PERSONS_MAX);
    expect(answer.at(-1)!.fio).toBe(kp.staff[PERSONS_MAX - 1]!.nameRu);
  });

  it('answers an empty cast when Kinopoisk has none', async () => {
    await importedFilm(408, 0);
    t.kp.fail('/api/v1/staff?filmId=408', 'not_found');
    expect(await importFilmPersons(t.ctx, 408)).toEqual([]);
  });

  it('returns 404 when the film has not been imported, asking Kinopoisk nothing', async () => {
    t.kp.addFilm(t.kp.sampleFilm(409));
    const from = t.kp.requests.length;
    expect(await refusal(importFilmPersons(t.ctx, 409))).toMatchObject({ status: 404, code: 'not_found' });
    expect(t.kp.requests.length).toBe(from);
  });

  it('returns 503 import_not_configured without a key', async () => {
    await importedFilm(410);
    expect(await refusal(importFilmPersons(withApiKey(t.ctx, undefined), 410))).toMatchObject({
      status: 503,
      code: 'import_not_configured',
    });
  });

  it.each([
    ['the cast list is rate limited', '/api/v1/staff?filmId=411', 'rate_limited', 503, 'kinopoisk_rate_limited'],
    ['a person page fails mid-way', '/api/v1/staff/412003', 'server_error', 502, 'kinopoisk_unavailable'],
    ['a person page hangs', '/api/v1/staff/413002', 'hang', 502, 'kinopoisk_unavailable'],
    ['the key is refused', '/api/v1/staff?filmId=414', 'unauthorized', 502, 'kinopoisk_rejected'],
  ] as const)('writes nothing (no person, link or file) when %s', async (_what, path, failure, status, code) => {
    const kinopoiskId = Number(/\d{3}/.exec(path)![0]);
    await importedFilm(kinopoiskId, 6);
    t.kp.fail(path, failure);
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    const err = await refusal(importFilmPersons(t.ctx, kinopoiskId));

    expect(err).toMatchObject({ status, code });
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    // Photos of the people looked up before the failure were stored, and are gone again.
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('returns 502 and keeps no file when a photo server stops answering', async () => {
    const { kp } = await importedFilm(415, 5);
    t.kp.image(`actor_posters/kp/${kp.staff[4]!.staffId}.jpg`, 'server_error');
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);

    expect(await refusal(importFilmPersons(t.ctx, 415))).toMatchObject({ status: 502, code: 'kinopoisk_unavailable' });
    expect(await rowCounts(t.ctx.db)).toEqual(counts);
    expect(storedFiles(t.ctx)).toEqual(files);
  });

  it('creates each person and link once when the cast is imported twice at once, keeping one photo each', async () => {
    const { id } = await importedFilm(416, 5);
    const counts = await rowCounts(t.ctx.db);
    const files = storedFiles(t.ctx);
    t.kp.latencyMs = 60;
    const [a, b] = await Promise.all([importFilmPersons(t.ctx, 416), importFilmPersons(t.ctx, 416)]);
    t.kp.latencyMs = 0;

    expect(a).toEqual(b);
    expect(a).toHaveLength(6);
    expect(await rowCounts(t.ctx.db)).toEqual({
      ...counts,
      persons: counts.persons + 6,
      filmPersons: counts.filmPersons + 6,
    });
    // Both runs downloaded every photo; the losing run's copies are deleted.
    expect(t.kp.hits('/images/actor_posters/kp/416000.jpg')).toBe(2);
    expect(storedFiles(t.ctx)).toEqual([...files, ...a.map((p) => p.main_img!)].sort());
    expect((await findFilm(t.ctx, id, t.ctx.clock.now())).persons).toHaveLength(6);
  });
});
