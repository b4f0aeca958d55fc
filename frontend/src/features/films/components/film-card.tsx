import type { FilmGenre } from '@kino/backend/contract';
import { paths } from '../../../config/paths';
import { genreLine } from '../../../shared/lib/format';
import { AgeBadge } from '../../../shared/ui/age-badge';
import { MediaCard } from '../../../shared/ui/media-card';

interface FilmCardProps {
  film: {
    id: number;
    title: string;
    age: number;
    poster: string | null;
    promo_img: string | null;
    genres: FilmGenre[];
  };
  /** The catalogue shows posters (portrait); new films show promo images (landscape). */
  image: 'poster' | 'promo';
  /** 2 on a page of cards under its h1, 3 inside a block of the page. */
  headingLevel?: 2 | 3;
  /** On the first screen: its picture loads at once (see Picture). */
  eager?: boolean;
}

/** A film as a card linking to its page: image (alt text = title), age badge, title, genre line. */
export function FilmCard({ film, image, headingLevel = 3, eager }: FilmCardProps) {
  const isPoster = image === 'poster';
  return (
    <MediaCard
      to={paths.film(film.id)}
      image={isPoster ? film.poster : film.promo_img}
      alt={film.title}
      shape={isPoster ? 'poster' : 'landscape'}
      title={film.title}
      titleAs={headingLevel === 2 ? 'h2' : 'h3'}
      badge={<AgeBadge age={film.age} />}
      eager={eager}
    >
      {genreLine(film.genres)}
    </MediaCard>
  );
}
