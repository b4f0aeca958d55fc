import { eq } from 'drizzle-orm';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/api-router';
import { notFound } from '../../lib/errors';

export const seatRoutes = (ctx: AppContext) =>
  handlers({
    /** The session as the seat popover and the checkout page show it; 404 when unknown. */
    'GET /seats/:sessionId': async ({ params }) => {
      const session = await ctx.db.query.sessions.findFirst({
        where: eq(schema.sessions.id, params.sessionId),
        with: { film: true, hall: true },
      });
      if (!session) throw notFound('Сеанс не найден');
      const { film, hall } = session;
      return {
        id: session.id,
        start_time: toCinemaTime(session.startTime),
        price: session.price,
        hall: { id: hall.id, name: hall.name },
        movie: { id: film.id, title: film.title, age: film.age, type_graphic: film.typeGraphic, poster: film.poster },
      };
    },
  });
