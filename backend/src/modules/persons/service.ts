import { asc, count, countDistinct, eq } from 'drizzle-orm';
import type { PersonDetail, PersonListQuery, PersonPage } from '../../contract/persons';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/errors';
import { withFilmGenres } from '../genres/presenter';
import { presentPersonDetail, presentPersonListItem } from './presenter';

type Ctx = Pick<AppContext, 'db'>;
const { persons, filmPersons } = schema;

/** One page of persons in the order they were added; a page past the end is empty. */
export async function listPersons(ctx: Ctx, { page, per_page }: PersonListQuery): Promise<PersonPage> {
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(persons);
  const rows = await ctx.db
    .select({ person: persons, filmsCount: countDistinct(filmPersons.filmId) })
    .from(persons)
    .leftJoin(filmPersons, eq(filmPersons.personId, persons.id))
    .groupBy(persons.id)
    .orderBy(asc(persons.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  return {
    data: rows.map((r) => presentPersonListItem(r.person, r.filmsCount)),
    total,
    last_page: Math.max(1, Math.ceil(total / per_page)),
  };
}

/** A person with photos and filmography; 404 when there is no such person. */
export async function findPerson(ctx: Ctx, id: number): Promise<PersonDetail> {
  const person = await ctx.db.query.persons.findFirst({
    where: (p, { eq }) => eq(p.id, id),
    with: {
      photos: { orderBy: (p, { asc }) => [asc(p.id)] },
      films: { with: { film: { with: withFilmGenres } } },
    },
  });
  if (!person) throw notFound('Персона не найдена');
  return presentPersonDetail(person);
}
