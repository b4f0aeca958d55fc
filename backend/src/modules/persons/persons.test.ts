import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { PersonDetailSchema, PersonPageSchema } from '../../contract/persons';
import { schema } from '../../db';
import { buildFilm, buildGenre, buildPerson, buildSignedInUser, linkFilm } from '../../testing/factories';
import { useTestApi } from '../../testing/api';

const api = useTestApi();

describe('GET /api/persons/{id}', () => {
  it('returns the person with careers as JSON text, photos and each film once, newest first', async () => {
    const person = await buildPerson(api.ctx.db, {
      fio: 'Тимур Газиев',
      birthday: '1985-02-14',
      careers: ['Режиссер', 'Актер'],
      placeBirthday: 'Казань, Россия',
      mainImg: 'persons/gaziev.jpg',
    });
    await api.ctx.db.insert(schema.personPhotos).values([{ personId: person.id, photo: 'persons/g1.jpg' }]);
    const genre = await buildGenre(api.ctx.db, { name: 'драма' });
    const old = await buildFilm(api.ctx.db, { title: 'Первый', year: 2015 });
    const recent = await buildFilm(api.ctx.db, { title: 'Второй', year: 2024 });
    await linkFilm(api.ctx.db, old.id, { genreIds: [genre.id], persons: [{ personId: person.id, role: 'actor' }] });
    await linkFilm(api.ctx.db, recent.id, {
      persons: [
        { personId: person.id, role: 'director' },
        { personId: person.id, role: 'actor', position: 'Камео' },
      ],
    });

    const { status, body } = await api.getJson(`/api/persons/${person.id}`);
    expect(status).toBe(200);
    const detail = PersonDetailSchema.parse(body);
    expect(detail).toMatchObject({
      id: person.id,
      fio: 'Тимур Газиев',
      main_img: 'persons/gaziev.jpg',
      birthday: '1985-02-14',
      role: '["Режиссер","Актер"]',
      place_birthday: 'Казань, Россия',
      films_count: 2,
      photo: [{ photo: 'persons/g1.jpg' }],
    });
    expect(JSON.parse(detail.role)).toEqual(['Режиссер', 'Актер']);
    expect(detail.movies.map((m) => [m.title, m.year])).toEqual([
      ['Второй', 2024],
      ['Первый', 2015],
    ]);
    expect(detail.movies[1]!.genres).toEqual([{ genre_id: genre.id, genre: { id: genre.id, name: 'драма' } }]);
  });

  it('returns 404 not_found for an unknown person and 400 for a malformed id', async () => {
    const missing = await api.getJson('/api/persons/765432');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error.code).toBe('not_found');
    const bad = await api.getJson('/api/persons/x1');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('invalid_input');
  });
});

describe('GET /api/persons?page=&per_page=', () => {
  it('pages persons 10 at a time by default with {data, total, last_page}', async () => {
    await api.ctx.db.delete(schema.persons);
    const people = [];
    for (let i = 1; i <= 12; i++) people.push(await buildPerson(api.ctx.db, { fio: `Персона ${i}` }));
    const film = await buildFilm(api.ctx.db);
    await linkFilm(api.ctx.db, film.id, { persons: [{ personId: people[0]!.id }] });

    const first = PersonPageSchema.parse((await api.getJson('/api/persons')).body);
    expect(first.total).toBe(12);
    expect(first.last_page).toBe(2);
    expect(first.data.map((p) => p.fio)).toEqual(people.slice(0, 10).map((p) => p.fio));
    expect(first.data[0]).toEqual({
      id: people[0]!.id,
      fio: 'Персона 1',
      main_img: null,
      birthday: '1980-04-12',
      role: '["Актер"]',
      films_count: 1,
    });

    const second = PersonPageSchema.parse((await api.getJson('/api/persons?page=2&per_page=10')).body);
    expect(second.data.map((p) => p.fio)).toEqual(['Персона 11', 'Персона 12']);
    const small = PersonPageSchema.parse((await api.getJson('/api/persons?page=3&per_page=5')).body);
    expect(small).toMatchObject({ total: 12, last_page: 3, data: [{ fio: 'Персона 11' }, { fio: 'Персона 12' }] });
    expect(PersonPageSchema.parse((await api.getJson('/api/persons?page=9')).body).data).toEqual([]);
  });

  it('returns 400 invalid_input naming the bad paging field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['page=-2&per_page=5', 'page'],
    ] as const) {
      const { status, body } = await api.getJson(`/api/persons?${query}`);
      expect(status, query).toBe(400);
      const error = ErrorBodySchema.parse(body).error;
      expect(error.code).toBe('invalid_input');
      expect(Object.keys((error.details as { fields: object }).fields)).toEqual([field]);
    }
  });
});

describe('GET /api/persons/admin', () => {
  it('returns 10 persons a page by default to a content manager, searchable by name, with film counts', async () => {
    const star = await buildPerson(api.ctx.db, { fio: 'Искомая Звезда Панели', careers: ['Актер', 'Режиссер'] });
    const film = await buildFilm(api.ctx.db);
    await linkFilm(api.ctx.db, film.id, { persons: [{ personId: star.id }] });
    const { token } = await buildSignedInUser(api.ctx, { role: 'content-manager' });
    const found = await api.t.call('GET /persons/admin', { query: { q: 'звезда панели' } }, token);
    expect(found.status).toBe(200);
    expect(PersonPageSchema.parse(found.body)).toMatchObject({
      data: [{ id: star.id, fio: 'Искомая Звезда Панели', role: '["Актер","Режиссер"]', films_count: 1 }],
      total: 1,
      last_page: 1,
    });
    for (let i = 0; i < 11; i++) await buildPerson(api.ctx.db);
    const page = PersonPageSchema.parse((await api.t.call('GET /persons/admin', {}, token)).body);
    expect(page.data).toHaveLength(10);
  });

  it('returns 401 for a guest and 403 for a manager', async () => {
    expect((await api.t.call('GET /persons/admin')).status).toBe(401);
    const { token } = await buildSignedInUser(api.ctx, { role: 'manager' });
    expect((await api.t.call('GET /persons/admin', {}, token)).status).toBe(403);
  });
});
