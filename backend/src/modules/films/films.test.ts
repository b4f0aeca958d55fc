import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import {
  BannerResponseSchema,
  CatalogueFilmListSchema,
  FilmDetailSchema,
  NewFilmListSchema,
} from '../../contract/films';
import { schema } from '../../db';
import {
  buildCountry,
  buildFilm,
  buildGenre,
  buildPerson,
  buildReview,
  buildSession,
  buildTicket,
  buildUser,
  linkFilm,
} from '../../testing/factories';
import { useTestApi } from '../../testing/api';
import { announce } from '../../effects';

const api = useTestApi();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET /api/banner', () => {
  it('returns 200 null when no film in rental has a promo image', async () => {
    await buildFilm(api.ctx.db, { isRent: 1, promoImg: null });
    const { status, body } = await api.getJson('/api/banner');
    expect(status).toBe(200);
    expect(body).toBeNull();
  });

  it('returns the newest film in rental with a promo image, cached until invalidated', async () => {
    await announce(api.ctx, [{ what: 'films', ids: [] }]);
    const shown = await buildFilm(api.ctx.db, {
      title: 'Старый',
      promoImg: 'promo/old.jpg',
      createdAt: minutesAgo(60),
    });
    await buildFilm(api.ctx.db, { title: 'Не в прокате', promoImg: 'promo/x.jpg', isRent: 0 });
    const first = await api.getJson('/api/banner');
    expect(first.status).toBe(200);
    expect(BannerResponseSchema.parse(first.body)).toEqual({
      id: shown.id,
      title: 'Старый',
      age: shown.age,
      promo_img: 'promo/old.jpg',
    });

    const newer = await buildFilm(api.ctx.db, { title: 'Новый', promoImg: 'https://cdn.example/new.jpg' });
    expect((await api.getJson('/api/banner')).body).toMatchObject({ id: shown.id });

    await announce(api.ctx, [{ what: 'films', ids: [] }]);
    expect((await api.getJson('/api/banner')).body).toMatchObject({ id: newer.id, title: 'Новый' });
  });
});

describe('GET /api/films/news', () => {
  it('lists films in rental newest first with genres[].genre.name, cached until invalidated', async () => {
    await api.ctx.db.update(schema.films).set({ isRent: 0 });
    await announce(api.ctx, [{ what: 'films', ids: [] }]);
    const drama = await buildGenre(api.ctx.db, { name: 'драма' });
    const comedy = await buildGenre(api.ctx.db, { name: 'комедия' });
    const older = await buildFilm(api.ctx.db, { title: 'Раньше', createdAt: minutesAgo(10) });
    const newer = await buildFilm(api.ctx.db, { title: 'Позже', promoImg: 'p.jpg' });
    await buildFilm(api.ctx.db, { title: 'Архив', isRent: 0 });
    await linkFilm(api.ctx.db, newer.id, { genreIds: [drama.id, comedy.id] });

    const { status, body } = await api.getJson('/api/films/news');
    expect(status).toBe(200);
    const list = NewFilmListSchema.parse(body);
    expect(list.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      title: 'Позже',
      age: 12,
      promo_img: 'p.jpg',
      poster: null,
      time: 120,
      genres: [
        { genre_id: drama.id, genre: { id: drama.id, name: 'драма' } },
        { genre_id: comedy.id, genre: { id: comedy.id, name: 'комедия' } },
      ],
    });

    await api.ctx.db.update(schema.films).set({ isRent: 0 }).where(eq(schema.films.id, older.id));
    expect(NewFilmListSchema.parse((await api.getJson('/api/films/news')).body)).toHaveLength(2);
    await announce(api.ctx, [{ what: 'films', ids: [] }]);
    expect(NewFilmListSchema.parse((await api.getJson('/api/films/news')).body).map((f) => f.id)).toEqual([newer.id]);
  });
});

describe('GET /api/films', () => {
  it('lists every film with genres and countries, filtered by genre and country', async () => {
    const horror = await buildGenre(api.ctx.db, { name: 'ужасы' });
    const france = await buildCountry(api.ctx.db, { name: 'Франция' });
    const both = await buildFilm(api.ctx.db, { title: 'Французский ужас' });
    const onlyGenre = await buildFilm(api.ctx.db, { title: 'Просто ужас', isRent: 0 });
    await linkFilm(api.ctx.db, both.id, { genreIds: [horror.id], countryIds: [france.id] });
    await linkFilm(api.ctx.db, onlyGenre.id, { genreIds: [horror.id] });

    const all = CatalogueFilmListSchema.parse((await api.getJson('/api/films')).body);
    expect(all.map((f) => f.id)).toEqual(expect.arrayContaining([both.id, onlyGenre.id]));
    expect(all.find((f) => f.id === both.id)).toMatchObject({
      is_rent: 1,
      countries: [{ country_id: france.id, country: { id: france.id, name: 'Франция' } }],
    });

    const byGenre = CatalogueFilmListSchema.parse((await api.getJson(`/api/films?genre=${horror.id}`)).body);
    expect(byGenre.map((f) => f.id)).toEqual([both.id, onlyGenre.id]);
    const byBoth = CatalogueFilmListSchema.parse(
      (await api.getJson(`/api/films?genre=${horror.id}&country=${france.id}`)).body,
    );
    expect(byBoth.map((f) => f.id)).toEqual([both.id]);
    expect((await api.getJson('/api/films?country=999999')).body).toEqual([]);
  });

  it('says which films are on the bill, which are announced and which are not showing, in that order', async () => {
    const genre = await buildGenre(api.ctx.db, { name: 'вестерн' });
    const showing = await buildFilm(api.ctx.db, { title: 'Вестерн на экране', isRent: 1, year: 1990 });
    const announced = await buildFilm(api.ctx.db, { title: 'Вестерн скоро', isRent: 1, year: 2030 });
    const ended = await buildFilm(api.ctx.db, { title: 'Вестерн прошёл', isRent: 1, year: 2031 });
    const off = await buildFilm(api.ctx.db, { title: 'Вестерн не в прокате', isRent: 0, year: 2032 });
    for (const film of [showing, announced, ended, off]) await linkFilm(api.ctx.db, film.id, { genreIds: [genre.id] });
    await buildSession(api.ctx.db, { filmId: showing.id, startsInMinutes: 60 * 30 });
    // A run that ended days ago: in rental still, but neither on the bill nor announced.
    await buildSession(api.ctx.db, { filmId: ended.id, startsInMinutes: -60 * 24 * 3 });

    const list = CatalogueFilmListSchema.parse((await api.getJson(`/api/films?genre=${genre.id}`)).body);
    expect(list.map((f) => [f.title, f.showing])).toEqual([
      ['Вестерн на экране', 'now'],
      ['Вестерн скоро', 'soon'],
      ['Вестерн не в прокате', 'off'],
      ['Вестерн прошёл', 'off'],
    ]);

    // Scheduling the announced film puts it on the bill at once (the cached catalogue is dropped).
    await buildSession(api.ctx.db, { filmId: announced.id, startsInMinutes: 60 * 48 });
    await announce(api.ctx, [{ what: 'sessions', ids: [] }]);
    const after = CatalogueFilmListSchema.parse((await api.getJson(`/api/films?genre=${genre.id}`)).body);
    expect(after.find((f) => f.id === announced.id)?.showing).toBe('now');
  });

  it('finds films by a part of the title or of a name in the cast, whatever the case and ё', async () => {
    const film = await buildFilm(api.ctx.db, { title: 'Ёлки на Покровке' });
    const other = await buildFilm(api.ctx.db, { title: 'Ледокол 100% правды' });
    const actor = await buildPerson(api.ctx.db, { fio: 'Фёдор Бондарчук-Тестовый' });
    await linkFilm(api.ctx.db, other.id, { persons: [{ personId: actor.id, role: 'actor' }] });
    const ids = async (q: string) =>
      CatalogueFilmListSchema.parse((await api.getJson(`/api/films?q=${encodeURIComponent(q)}`)).body).map((f) => f.id);
    expect(await ids('елки')).toEqual([film.id]);
    expect(await ids('  ПОКРОВКЕ ')).toEqual([film.id]);
    expect(await ids('федор бондарчук-тест')).toEqual([other.id]);
    // % and _ are letters here, not wildcards.
    expect(await ids('100%')).toEqual([other.id]);
    expect(await ids('0_п')).toEqual([]);
    expect(await ids('нет такого фильма')).toEqual([]);
    const { status, body } = await api.getJson(`/api/films?q=${'я'.repeat(101)}`);
    expect(status).toBe(400);
    expect(ErrorBodySchema.parse(body).error.code).toBe('invalid_input');
  });

  it('returns 400 invalid_input for a malformed filter', async () => {
    for (const query of ['genre=abc', 'country=0', 'genre=1.5', 'genre=99999999999']) {
      const { status, body } = await api.getJson(`/api/films?${query}`);
      expect(status, query).toBe(400);
      expect(ErrorBodySchema.parse(body).error.code).toBe('invalid_input');
    }
  });
});

describe('GET /api/films/{id}', () => {
  it('returns the film with persons, media, upcoming sessions with sold seats, and reviews', async () => {
    const film = await buildFilm(api.ctx.db, {
      title: 'Дюна',
      budget: 165_000_000,
      trailer: 'https://www.youtube.com/watch?v=n9xhJrPXop4',
      kinopoiskId: '1388021',
    });
    const genre = await buildGenre(api.ctx.db, { name: 'фантастика' });
    const actor = await buildPerson(api.ctx.db, { fio: 'Тимоти Шаламе', mainImg: 'persons/t.jpg' });
    await linkFilm(api.ctx.db, film.id, {
      genreIds: [genre.id],
      persons: [{ personId: actor.id, role: 'actor', position: 'Пол Атрейдес' }],
      photos: ['films/1.jpg'],
      videos: ['https://rutube.ru/video/abc/'],
    });
    const yesterday = await buildSession(api.ctx.db, { filmId: film.id, startsInMinutes: -26 * 60 });
    const upcoming = await buildSession(api.ctx.db, { filmId: film.id, startsInMinutes: 60 });
    await buildTicket(api.ctx.db, { sessionId: upcoming.id, seatNumber: 'r2m3' });
    await buildTicket(api.ctx.db, { sessionId: upcoming.id, seatNumber: 'r2m4', status: 'refunded' });
    const critic = await buildUser(api.ctx.db, { fio: 'Критик' });
    await buildReview(api.ctx.db, { filmId: film.id, userId: critic.id, title: 'Первый', createdAt: minutesAgo(5) });
    await buildReview(api.ctx.db, { filmId: film.id, userId: critic.id, title: 'Второй', typeRating: 2 });

    const { status, body } = await api.getJson(`/api/films/${film.id}`);
    expect(status).toBe(200);
    const detail = FilmDetailSchema.parse(body);
    expect(detail).toMatchObject({
      id: film.id,
      title: 'Дюна',
      budget: 165_000_000,
      trailer: 'https://www.youtube.com/watch?v=n9xhJrPXop4',
      kinopoisk_id: '1388021',
      genres: [{ genre: { name: 'фантастика' } }],
      persons: [
        {
          role: 'actor',
          position: 'Пол Атрейдес',
          person: { id: actor.id, fio: 'Тимоти Шаламе', main_img: 'persons/t.jpg' },
        },
      ],
      photo: [{ photo: 'films/1.jpg' }],
      video: [{ video: 'https://rutube.ru/video/abc/' }],
    });
    expect(detail.schedule.map((s) => s.id)).not.toContain(yesterday.id);
    expect(detail.schedule).toHaveLength(1);
    expect(detail.schedule[0]).toMatchObject({
      id: upcoming.id,
      count_close_seat: 1,
      ticket: [{ schedule_id: upcoming.id, seat_number: 'r2m3' }],
      movie: { id: film.id, title: 'Дюна' },
    });
    expect(detail.review.map((r) => r.title)).toEqual(['Второй', 'Первый']);
    expect(detail.review[0]).toMatchObject({ type_rating: 2, user: { fio: 'Критик', reviews_count: 2 } });
  });

  it('returns 404 not_found for an unknown film', async () => {
    const { status, body } = await api.getJson('/api/films/987654');
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).error).toMatchObject({ code: 'not_found', message: 'Фильм не найден' });
  });

  it('returns 400 invalid_input for a malformed id', async () => {
    for (const id of ['abc', '0', '-1', '1e3', '12abc']) {
      const { status, body } = await api.getJson(`/api/films/${id}`);
      expect(status, id).toBe(400);
      expect(ErrorBodySchema.parse(body).error.code).toBe('invalid_input');
    }
  });
});
