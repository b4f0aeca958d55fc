import { describe, expect, it } from 'vitest';
import { HallSchema, GenreSchema } from '../../contract/catalog';
import { pageSchema } from '../../contract/common';
import { useTestApi } from '../../testing/api';
import { buildGenre, buildHall, buildSignedInUser } from '../../testing/factories';

const api = useTestApi();

describe('the named tables of the back office', () => {
  it('GET /api/genres/admin pages the genres alphabetically and searches them', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'content-manager' });
    for (const name of ['ужасы', 'аниме', 'мюзикл', 'мелодрама']) await buildGenre(api.ctx.db, { name });
    const first = pageSchema(GenreSchema).parse(
      (await api.t.call('GET /genres/admin', { query: { per_page: 2 } }, token)).body,
    );
    expect(first.data.map((g) => g.name)).toEqual(['аниме', 'мелодрама']);
    expect(first).toMatchObject({ total: 4, last_page: 2 });
    const found = pageSchema(GenreSchema).parse(
      (await api.t.call('GET /genres/admin', { query: { q: 'МЮ' } }, token)).body,
    );
    expect(found.data.map((g) => g.name)).toEqual(['мюзикл']);
  });

  it('GET /api/halls/admin lists halls with their seat count; a page past the end is empty', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'manager' });
    const hall = await buildHall(api.ctx.db, { name: 'Кинотеатр «Ракета» Зал 1' });
    const page = pageSchema(HallSchema).parse((await api.t.call('GET /halls/admin', {}, token)).body);
    expect(page.data).toContainEqual({ id: hall.id, name: 'Кинотеатр «Ракета» Зал 1', capacity: 110 });
    const past = pageSchema(HallSchema).parse(
      (await api.t.call('GET /halls/admin', { query: { page: 99 } }, token)).body,
    );
    expect(past.data).toEqual([]);
  });
});
