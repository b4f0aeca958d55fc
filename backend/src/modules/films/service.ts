/** Reading films: the catalogue, the new films, the banner's film and one film with everything the film page shows. */
import { and, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BannerFilm, CatalogueFilm, FilmDetail, FilmListQuery, FilmShowing, NewFilm } from '../../contract/films';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import { withFilmCountries } from '../countries/presenter';
import { withFilmGenres } from '../genres/presenter';
import { startOfCinemaToday, withSessionDetails } from '../schedules/service';
import { presentBannerFilm, presentFilmCard, presentFilmDetail, presentNewFilm } from './presenter';

type Ctx = Pick<AppContext, 'db'>;
const { films, filmGenres, filmCountries, filmPersons, persons } = schema;

/** "New" means in rental, most recently added to the cinema first. */
const inRental = eq(films.isRent, 1);
const newestFirst = [desc(films.createdAt), desc(films.id)];

export async function loadNewFilms(ctx: Ctx): Promise<NewFilm[]> {
  const rows = await ctx.db.query.films.findMany({ where: inRental, orderBy: newestFirst, with: withFilmGenres });
  return rows.map(presentNewFilm);
}

/** The banner shows the newest film in rental that has a promo image; null when there is none. */
export async function loadBannerFilm(ctx: Ctx): Promise<BannerFilm | null> {
  const film = await ctx.db.query.films.findFirst({
    where: and(inRental, isNotNull(films.promoImg), ne(films.promoImg, '')),
    orderBy: newestFirst,
  });
  return film?.promoImg ? presentBannerFilm({ ...film, promoImg: film.promoImg }) : null;
}

/** A title or a name compared whatever its case and ё/е: lower-cased, ё read as е. */
const folded = (text: PgColumn) => sql`translate(lower(${text}), 'ё', 'е')`;

/**
 * The catalogue, optionally of one genre and/or one country, optionally searched (`q` in the title or a
 * name of the cast): films on the bill first, then the announced ones, then the rest; by year and title.
 */
export async function findFilms(ctx: Ctx, { genre, country, q }: FilmListQuery, now: Date): Promise<CatalogueFilm[]> {
  const filters: SQL[] = [];
  if (genre !== undefined) {
    filters.push(
      inArray(films.id, ctx.db.select({ id: filmGenres.filmId }).from(filmGenres).where(eq(filmGenres.genreId, genre))),
    );
  }
  if (country !== undefined) {
    filters.push(
      inArray(
        films.id,
        ctx.db.select({ id: filmCountries.filmId }).from(filmCountries).where(eq(filmCountries.countryId, country)),
      ),
    );
  }
  if (q) {
    const pattern = `%${q
      .toLowerCase()
      .replaceAll('ё', 'е')
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const cast = ctx.db
      .select({ id: filmPersons.filmId })
      .from(filmPersons)
      .innerJoin(persons, eq(persons.id, filmPersons.personId))
      .where(sql`${folded(persons.fio)} like ${pattern}`);
    filters.push(or(sql`${folded(films.title)} like ${pattern}`, inArray(films.id, cast))!);
  }
  // Plain names inside: the relational query renames every column of this table to its own alias.
  const showing = sql<FilmShowing>`case
    when exists (select 1 from sessions s where s.film_id = ${films.id} and s.start_time >= ${startOfCinemaToday(now)}) then 'now'
    when ${films.isRent} = 1 and not exists (select 1 from sessions s where s.film_id = ${films.id}) then 'soon'
    else 'off' end`;
  const rows = await ctx.db.query.films.findMany({
    where: and(...filters),
    extras: { showing: showing.as('showing') },
    orderBy: [
      sql`case ${showing} when 'now' then 0 when 'soon' then 1 else 2 end`,
      sql`${films.year} desc nulls last`,
      films.title,
      films.id,
    ],
    with: { ...withFilmGenres, ...withFilmCountries },
  });
  return rows.map((row) => ({ ...presentFilmCard(row), showing: row.showing }));
}

/** One film with its people, media, sessions from today on and reviews; 404 when there is no such film. */
export async function findFilm(ctx: Ctx, id: number, now: Date): Promise<FilmDetail> {
  const film = await ctx.db.query.films.findFirst({
    where: eq(films.id, id),
    with: {
      ...withFilmGenres,
      ...withFilmCountries,
      videos: { orderBy: (v, { asc }) => [asc(v.id)] },
      photos: { orderBy: (p, { asc }) => [asc(p.id)] },
      persons: {
        orderBy: (p, { asc }) => [asc(p.id)],
        with: { person: { columns: { id: true, fio: true, mainImg: true } } },
      },
      sessions: {
        // Cancelled sessions leave the bill.
        where: (s, { and, gte, isNull }) => and(gte(s.startTime, startOfCinemaToday(now)), isNull(s.cancelledAt)),
        orderBy: (s, { asc }) => [asc(s.startTime), asc(s.id)],
        with: withSessionDetails,
      },
      reviews: {
        orderBy: (r, { desc }) => [desc(r.createdAt), desc(r.id)],
        with: {
          user: {
            columns: { id: true, fio: true, avatar: true, provider: true },
            extras: (user, { sql }) => ({
              reviewsCount: sql<number>`(select count(*) from reviews r where r.user_id = ${user.id})`.as(
                'reviews_count',
              ),
            }),
          },
        },
      },
    },
  });
  if (!film) throw notFound('Фильм не найден');
  return presentFilmDetail(film);
}
