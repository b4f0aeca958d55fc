import type { ScheduleFilm, Session } from '../../contract/schedules';
import { toCinemaTime } from '../../contract/time';
import type { schema } from '../../db';
import { presentFilmGenres } from '../genres/presenter';
import { presentHall } from '../halls/presenter';

type FilmRow = typeof schema.films.$inferSelect;
type SessionRow = typeof schema.sessions.$inferSelect & {
  hall: typeof schema.halls.$inferSelect;
  /** Only the live tickets (see liveTickets). */
  tickets: Pick<typeof schema.tickets.$inferSelect, 'sessionId' | 'seatNumber'>[];
};

/** A session with its hall, its film (`movie`) and the seats sold. */
export function presentSession(session: SessionRow, film: FilmRow): Session {
  return {
    id: session.id,
    movie_id: film.id,
    hall_id: session.hallId,
    start_time: toCinemaTime(session.startTime),
    end_time: toCinemaTime(session.endTime),
    price: session.price,
    hall: presentHall(session.hall),
    movie: {
      id: film.id,
      title: film.title,
      poster: film.poster,
      promo_img: film.promoImg,
      time: film.time,
      age: film.age,
      type_graphic: film.typeGraphic,
    },
    count_close_seat: session.tickets.length,
    ticket: session.tickets.map((t) => ({ schedule_id: t.sessionId, seat_number: t.seatNumber })),
    price_card_id: session.priceCardId,
    subtitles: session.subtitles,
    audio_description: session.audioDescription,
  };
}

/** A film on the bill with the given sessions (already in start order). */
export function presentScheduleFilm(
  film: FilmRow & { genres: { genre: typeof schema.genres.$inferSelect }[] },
  sessions: SessionRow[],
): ScheduleFilm {
  return {
    id: film.id,
    title: film.title,
    poster: film.poster,
    promo_img: film.promoImg,
    age: film.age,
    time: film.time,
    type_graphic: film.typeGraphic,
    genres: presentFilmGenres(film.genres),
    schedule: sessions.map((s) => presentSession(s, film)),
  };
}
