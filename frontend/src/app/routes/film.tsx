import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { useAddFilmReview, useFilm } from '../../features/films/api/films';
import { FilmAbout } from '../../features/films/components/film-about';
import { FilmHero, heroActionClass } from '../../features/films/components/film-hero';
import { FilmMedia } from '../../features/films/components/film-media';
import { FilmReviews } from '../../features/films/components/film-reviews';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { BuyTicketButton, FilmSessions } from '../../features/schedule/components/film-sessions';
import { nextShowings } from '../../features/schedule/lib/showings';
import { useCinemaNow } from '../../features/schedule/lib/use-cinema-now';
import { useSession } from '../../shared/auth/session';
import { usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';
import { JsonLd } from '../../shared/seo/json-ld';
import { filmStructuredData } from '../../shared/seo/structured-data';
import { useSeoSite } from '../../shared/seo/use-seo-site';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /films/{id}: banner, about, sessions, trailers, actors, photos, reviews. */
export default function FilmPage() {
  const { id = '' } = useParams();
  const film = useFilm(id);
  const session = useSession();
  const addReview = useAddFilmReview(id);
  const now = useCinemaNow();
  const site = useSeoSite();
  const data = film.data;
  // The link preview: the film, its next times, its description.
  usePageMeta(
    data
      ? {
          title: data.title,
          description: summary(
            `${data.title} (${data.age}+) — ${nextShowings(data.schedule, now) ?? 'сеансов пока нет'}. ${data.description}`,
          ),
          image: data.promo_img ?? data.poster,
          type: 'video.movie',
        }
      : { title: 'Фильм' },
  );
  return (
    <QueryState
      query={film}
      loading="Загрузка фильма..."
      error="Не удалось загрузить фильм"
      notFound={<Missing title="Фильм не найден" back={{ to: paths.films, label: 'Все фильмы' }} />}
    >
      {(data) => (
        <>
          <FilmHero
            film={data}
            actions={
              <>
                <BuyTicketButton sessions={data.schedule} className={heroActionClass} />
                <FavouriteButton kind="movie" id={data.id} />
              </>
            }
          />
          <FilmAbout film={data} />
          <FilmSessions sessions={data.schedule} />
          <FilmMedia film={data} />
          {site && <JsonLd data={filmStructuredData(site, data, now)} />}
          <FilmReviews
            reviews={data.review}
            form={
              session ? (
                <ReviewForm filmId={data.id} onCreated={addReview} />
              ) : (
                <p>
                  <Link to={paths.login}>Войдите</Link>, чтобы написать отзыв.
                </p>
              )
            }
          />
        </>
      )}
    </QueryState>
  );
}
