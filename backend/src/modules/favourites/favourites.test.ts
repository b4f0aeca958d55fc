import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavouritesResponseSchema, LikedResponseSchema } from '../../contract/favourites';
import { schema } from '../../db';
import { buildFilm, buildGenre, buildPerson, buildSignedInUser, linkFilm } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

const favouriteRows = async () => ({
  films: (await t.ctx.db.select({ n: count() }).from(schema.favouriteFilms))[0]!.n,
  persons: (await t.ctx.db.select({ n: count() }).from(schema.favouritePersons))[0]!.n,
});

/** The calls of docs/product.md §7 for one kind of favourite. */
const KINDS = [
  {
    kind: 'film',
    build: async () => (await buildFilm(t.ctx.db)).id,
    store: (id: number) => `/api/favorite/movie/${id}/store`,
    remove: (id: number) => `/api/favorite/movie/${id}/delete`,
    liked: (id: number) => `/api/favorite-movie/liked/${id}`,
  },
  {
    kind: 'person',
    build: async () => (await buildPerson(t.ctx.db)).id,
    store: (id: number) => `/api/favorite/persons/${id}/store`,
    remove: (id: number) => `/api/favorite/persons/${id}/delete`,
    liked: (id: number) => `/api/favorite-person/liked/${id}`,
  },
];

describe.each(KINDS)('favourite $kind', ({ build, store, remove, liked }) => {
  it('answers liked 404 before, 200 after the store call, and 404 again after delete', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const id = await build();
    expect((await t.fetch(liked(id), { token })).status).toBe(404);

    const stored = await t.fetch(store(id), { token });
    expect(stored.status).toBe(200);
    expect(LikedResponseSchema.parse(await stored.json())).toEqual({ liked: true });
    const check = await t.fetch(liked(id), { token });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ liked: true });

    const removed = await t.fetch(remove(id), { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ liked: false });
    expect((await t.fetch(liked(id), { token })).status).toBe(404);
  });

  it('keeps one favourite when stored twice, and each viewer’s favourites to themselves', async () => {
    const me = await buildSignedInUser(t.ctx);
    const other = await buildSignedInUser(t.ctx);
    const id = await build();
    expect((await t.fetch(store(id), { token: me.token })).status).toBe(200);
    expect((await t.fetch(store(id), { token: me.token })).status).toBe(200);
    expect((await t.fetch(liked(id), { token: other.token })).status).toBe(404);
    const list = FavouritesResponseSchema.parse(await (await t.fetch('/api/favorite', { token: me.token })).json());
    expect([...list.movies.map((m) => m.movie.id), ...list.persons.map((p) => p.person.id)]).toEqual([id]);
  });

  it('returns 404 for one that does not exist, and writes nothing', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const before = await favouriteRows();
    const res = await t.fetch(store(999_999), { token });
    expect(res.status).toBe(404);
    expect(await favouriteRows()).toEqual(before);
  });

  it('returns 400 for an id that is not a positive number, and writes nothing', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const before = await favouriteRows();
    for (const bad of ['0', '-1', 'abc', '1%20OR%201=1', '99999999999']) {
      expect((await t.fetch(store(bad as unknown as number), { token })).status).toBe(400);
    }
    expect(await favouriteRows()).toEqual(before);
  });

  it('returns 401 for a guest, on every call', async () => {
    const id = await build();
    expect((await t.fetch(store(id))).status).toBe(401);
    expect((await t.fetch(remove(id), { method: 'DELETE' })).status).toBe(401);
    expect((await t.fetch(liked(id))).status).toBe(401);
  });
});

describe('GET /api/favorite', () => {
  it('returns films and persons in SPEC’s shape, newest first', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    const older = await buildFilm(t.ctx.db, { title: 'Старый фаворит', poster: 'posters/old.jpg', age: 16 });
    const newer = await buildFilm(t.ctx.db, { title: 'Новый фаворит' });
    const drama = await buildGenre(t.ctx.db, { name: 'драма' });
    const person = await buildPerson(t.ctx.db, { fio: 'Режиссёр Любимый', careers: ['Актер', 'Режиссер'] });
    await linkFilm(t.ctx.db, older.id, { genreIds: [drama.id], persons: [{ personId: person.id }] });
    await linkFilm(t.ctx.db, newer.id, { persons: [{ personId: person.id, role: 'Режиссер' }] });
    for (const path of [`/api/favorite/movie/${older.id}/store`, `/api/favorite/movie/${newer.id}/store`]) {
      expect((await t.fetch(path, { token })).status).toBe(200);
    }
    expect((await t.fetch(`/api/favorite/persons/${person.id}/store`, { token })).status).toBe(200);

    const res = await t.fetch('/api/favorite', { token });
    expect(res.status).toBe(200);
    const body = FavouritesResponseSchema.parse(await res.json());
    expect(body.movies.map((m) => m.movie.title)).toEqual(['Новый фаворит', 'Старый фаворит']);
    expect(body.movies[1]!.movie).toEqual({
      id: older.id,
      title: 'Старый фаворит',
      age: 16,
      poster: 'posters/old.jpg',
      time: 120,
      promo_img: null,
      genres: [{ genre_id: drama.id, genre: { id: drama.id, name: 'драма' } }],
    });
    expect(body.persons).toEqual([
      {
        person: {
          id: person.id,
          fio: 'Режиссёр Любимый',
          main_img: null,
          birthday: person.birthday,
          role: '["Актер","Режиссер"]',
          films_count: 2,
        },
      },
    ]);
  });

  it('returns empty lists for a viewer without favourites, and 401 for a guest', async () => {
    const { token } = await buildSignedInUser(t.ctx);
    expect(await (await t.fetch('/api/favorite', { token })).json()).toEqual({ movies: [], persons: [] });
    expect((await t.fetch('/api/favorite')).status).toBe(401);
  });
});
