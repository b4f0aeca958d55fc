import type { BannerFilm, FilmCard, FilmDetail, FilmReview, NewFilm } from '../../contract/films';
import type { schema } from '../../db';
import { presentFilmCountries } from '../countries/presenter';
import { presentFilmGenres } from '../genres/presenter';
import { presentSession } from '../schedules/presenter';

type FilmRow = typeof schema.films.$inferSelect;
type GenreLinks = Parameters<typeof presentFilmGenres>[0];
type CountryLinks = Parameters<typeof presentFilmCountries>[0];
type SessionRows = Parameters<typeof presentSession>[0][];
type ReviewRow = typeof schema.reviews.$inferSelect & {
  user: Pick<typeof schema.users.$inferSelect, 'id' | 'fio' | 'avatar' | 'provider'> & { reviewsCount: number };
};
type FilmPersonRow = typeof schema.filmPersons.$inferSelect & {
  person: Pick<typeof schema.persons.$inferSelect, 'id' | 'fio' | 'mainImg'>;
};

export const presentBannerFilm = (film: FilmRow & { promoImg: string }): BannerFilm => ({
  id: film.id,
  title: film.title,
  age: film.age,
  promo_img: film.promoImg,
});

export const presentNewFilm = (film: FilmRow & { genres: GenreLinks }): NewFilm => ({
  id: film.id,
  title: film.title,
  age: film.age,
  promo_img: film.promoImg,
  poster: film.poster,
  time: film.time,
  genres: presentFilmGenres(film.genres),
});

export const presentFilmCard = (film: FilmRow & { genres: GenreLinks; countries: CountryLinks }): FilmCard => ({
  id: film.id,
  title: film.title,
  age: film.age,
  year: film.year,
  rating: film.rating,
  poster: film.poster,
  promo_img: film.promoImg,
  type_graphic: film.typeGraphic,
  time: film.time,
  is_rent: film.isRent === 1 ? 1 : 0,
  genres: presentFilmGenres(film.genres),
  countries: presentFilmCountries(film.countries),
});

export const presentFilmReview = (review: ReviewRow): FilmReview => ({
  id: review.id,
  title: review.title,
  comment: review.comment,
  created_at: review.createdAt.toISOString(),
  type_rating: review.typeRating === 2 ? 2 : 1,
  user: {
    id: review.user.id,
    fio: review.user.fio,
    avatar: review.user.avatar,
    provider: review.user.provider,
    reviews_count: Number(review.user.reviewsCount),
  },
});

export function presentFilmDetail(
  film: FilmRow & {
    genres: GenreLinks;
    countries: CountryLinks;
    videos: (typeof schema.filmVideos.$inferSelect)[];
    photos: (typeof schema.filmPhotos.$inferSelect)[];
    persons: FilmPersonRow[];
    sessions: SessionRows;
    reviews: ReviewRow[];
  },
): FilmDetail {
  return {
    ...presentFilmCard(film),
    description: film.description,
    created_at: film.createdAt.toISOString(),
    budget: film.budget,
    trailer: film.trailer,
    kinopoisk_id: film.kinopoiskId,
    video: film.videos.map((v) => ({ id: v.id, video: v.video })),
    persons: film.persons.map((p) => ({
      id: p.id,
      role: p.role,
      position: p.position,
      person: { id: p.person.id, fio: p.person.fio, main_img: p.person.mainImg },
    })),
    photo: film.photos.map((p) => ({ id: p.id, photo: p.photo })),
    no_discount_until: film.noDiscountUntil,
    pu_number: film.puNumber,
    pu_issued: film.puIssued,
    pu_until: film.puUntil,
    pu_reason: film.puReason,
    pushkin_event_id: film.pushkinEventId,
    schedule: film.sessions.map((s) => presentSession(s, film)),
    review: film.reviews.map(presentFilmReview),
  };
}
