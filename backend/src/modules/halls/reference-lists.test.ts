import { describe, expect, it } from 'vitest';
import { CountryListSchema, GenreListSchema, HallListSchema } from '../../contract/catalog';
import { buildCountry, buildGenre, buildHall } from '../../testing/factories';
import { useTestApi } from '../../testing/api';

/** The small reference lists: genres, countries, halls. */
const api = useTestApi();

/** The body of a 200 answer. */
const listAt = async (path: string) => {
  const { status, body } = await api.getJson(path);
  expect(status).toBe(200);
  return body;
};

describe('reference lists', () => {
  it('GET /api/genres returns 200 with {id, name} in alphabetical order', async () => {
    const western = await buildGenre(api.ctx.db, { name: 'вестерн' });
    const anime = await buildGenre(api.ctx.db, { name: 'аниме' });
    expect(GenreListSchema.parse(await listAt('/api/genres'))).toEqual([
      { id: anime.id, name: 'аниме' },
      { id: western.id, name: 'вестерн' },
    ]);
  });

  it('GET /api/countries returns 200 with {id, name} in alphabetical order', async () => {
    const russia = await buildCountry(api.ctx.db, { name: 'Россия' });
    const armenia = await buildCountry(api.ctx.db, { name: 'Армения' });
    expect(CountryListSchema.parse(await listAt('/api/countries'))).toEqual([
      { id: armenia.id, name: 'Армения' },
      { id: russia.id, name: 'Россия' },
    ]);
  });

  it('GET /api/halls returns 200 with {id, name, capacity}', async () => {
    const hall = await buildHall(api.ctx.db, { name: 'Кинотеатр «Ракета» Зал 1' });
    expect(HallListSchema.parse(await listAt('/api/halls'))).toEqual([
      { id: hall.id, name: 'Кинотеатр «Ракета» Зал 1', capacity: 110 },
    ]);
  });
});
