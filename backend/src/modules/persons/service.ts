import { asc, countDistinct, eq } from 'drizzle-orm';
import type { PersonDetail, PersonListQuery, PersonPage } from '../../contract/persons';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/http/errors';
import { paginate, searchCondition } from '../../lib/http/paging';
import { withFilmGenres } from '../genres/presenter';
import { presentPersonDetail, presentPersonListItem } from './presenter';

type Ctx = Pick<AppContext, 'db'>;
const { persons, filmPersons } = schema;

/**
 * One page of persons in the order they were added, `q` searching the name (the back office's
 * table); a page past the end is empty.
 */
export function listPersons(ctx: Ctx, query: PersonListQuery & { q?: string }): Promise<PersonPage> {
  const where = searchCondition(query.q, persons.fio);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select({ person: persons, filmsCount: countDistinct(filmPersons.filmId) })
        .from(persons)
        .leftJoin(filmPersons, eq(filmPersons.personId, persons.id))
        .where(where)
        .groupBy(persons.id)
        .orderBy(asc(persons.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => presentPersonListItem(r.person, r.filmsCount));
    },
    () => ctx.db.$count(persons, where),
  );
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
