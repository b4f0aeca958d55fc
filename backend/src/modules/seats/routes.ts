import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { pricesInRoubles, sessionPricing } from '../prices/quoting';
import { wheelchairSaleFrom } from './store';

export const seatRoutes = (ctx: AppContext) =>
  handlers({
    /** The session as the seat popover and the checkout page show it, with its prices; 404 when unknown. */
    'GET /seats/:sessionId': async ({ params }) => {
      const { session, card, sessionDate, noDiscountUntil } = await sessionPricing(ctx.db, params.sessionId);
      const { film, hall } = session;
      const wheelchairFrom = wheelchairSaleFrom(session.startTime, hall.wheelchairHoldBackHours);
      return {
        id: session.id,
        start_time: toCinemaTime(session.startTime),
        price: session.price,
        hall: { id: hall.id, name: hall.name },
        movie: { id: film.id, title: film.title, age: film.age, type_graphic: film.typeGraphic, poster: film.poster },
        prices: pricesInRoubles(card),
        session_date: sessionDate,
        no_discount_until: noDiscountUntil,
        wheelchair_sale_from: wheelchairFrom && toCinemaTime(wheelchairFrom),
        // Offered only where the cinema accepts the card (config.pushkin.enabled, modules/pushkin/holder.ts).
        pushkin: ctx.config.pushkin.enabled && film.pushkinEventId !== null,
        subtitles: session.subtitles,
        audio_description: session.audioDescription,
      };
    },
  });
