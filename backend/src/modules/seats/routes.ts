import { eq } from 'drizzle-orm';
import { Router } from 'express';
import type { SeatSessionView } from '../../contract/seats';
import { toCinemaTime } from '../../contract/time';
import { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { notFound } from '../../lib/errors';
import { endpoint } from '../../lib/validate';

const SessionParams = z.object({ sessionId: z.coerce.number().int().positive() });

/** GET /api/seats/{sessionId}: the session as the seat popover and the checkout page show it; 404 when unknown. */
export function seatRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(
    '/seats/:sessionId',
    endpoint({ params: SessionParams }, async ({ params }): Promise<SeatSessionView> => {
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
    }),
  );
  return router;
}
