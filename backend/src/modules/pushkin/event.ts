/** GET /api/films/{id}/pushkin-event: the film's Pro.Культура event, found by its ПУ number (REGISTRIES.md §2.9). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError, invalidInput, notFound, unavailable } from '../../lib/http/errors';
import { RegistryError } from '../../pushka';

export async function findPushkinEvent(
  ctx: AppContext,
  filmId: number,
  puNumber?: string,
): Promise<{ event_id: string; name: string }> {
  const [film] = await ctx.db
    .select({ puNumber: schema.films.puNumber })
    .from(schema.films)
    .where(eq(schema.films.id, filmId));
  if (!film) throw notFound('Фильм не найден');
  const pu = puNumber ?? film.puNumber;
  if (!pu) throw invalidInput({ pu_number: 'Сначала укажите номер ПУ фильма' });
  try {
    const event = await ctx.pushka.findEvent(pu);
    if (!event) throw notFound(`В программе «Пушкинская карта» нет мероприятия с ПУ ${pu}`);
    return { event_id: event.id, name: event.name };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof RegistryError) throw unavailable('Про.Культура не ответила: введите ID мероприятия вручную');
    throw err;
  }
}
