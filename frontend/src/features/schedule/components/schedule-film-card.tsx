import type { ScheduleFilm } from '@kino/backend/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDuration, genreLine } from '../../../shared/lib/format';
import { imageUrl } from '../../../shared/lib/image';
import { AgeBadge } from '../../../shared/ui/age-badge';
import { Lightbox } from '../../../shared/ui/lightbox';
import { Picture } from '../../../shared/ui/picture';
import { SessionTimes } from './session-times';
import styles from './schedule-film-card.module.css';

/** A film on the chosen date: poster (opens the viewer), title, genres, age, graphics, duration, start times. */
export function ScheduleFilmCard({ film, now }: { film: ScheduleFilm; now: string }) {
  const [viewing, setViewing] = useState(false);
  const posterValue = film.poster ?? film.promo_img;
  const poster = imageUrl(posterValue);
  return (
    <article className={styles.card} aria-labelledby={`schedule-film-${film.id}`}>
      {poster ? (
        <button
          type="button"
          className={styles.posterButton}
          onClick={() => setViewing(true)}
          aria-label={`Открыть постер «${film.title}»`}
        >
          <Picture src={posterValue} alt="" width={200} height={300} className={styles.poster} />
        </button>
      ) : (
        <Picture src={null} alt={film.title} width={200} height={300} className={styles.poster} />
      )}
      <div className={styles.body}>
        <h3 id={`schedule-film-${film.id}`} className={styles.title}>
          <Link to={paths.film(film.id)}>{film.title}</Link>
        </h3>
        <p className={styles.genres}>{genreLine(film.genres)}</p>
        <p className={styles.meta}>
          <AgeBadge age={film.age} />
          <span>{film.type_graphic}</span>
          <span>{formatDuration(film.time)}</span>
        </p>
        <SessionTimes sessions={film.schedule} now={now} label="Сеансы" />
      </div>
      {poster && (
        <Lightbox
          slides={[{ src: poster, title: film.title }]}
          index={viewing ? 0 : null}
          onClose={() => setViewing(false)}
        />
      )}
    </article>
  );
}
