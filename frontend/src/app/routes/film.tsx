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
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /films/{id}: banner, about, sessions, trailers, actors, photos, reviews. */
export default function FilmPage() {
  const { id = '' } = useParams();
  const film = useFilm(id);
  const session = useSession();
  const addReview = useAddFilmReview(id);
  useDocumentTitle(film.data?.title ?? 'Фильм');
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
