import { formatRating, RATING_STARS, ratingClass } from '../lib/rating';
import styles from './rating-stars.module.css';

/** The rating block: ten read-only radio stars, the rating with one decimal, coloured by band. */
export function RatingStars({ rating, filmId }: { rating: number | null; filmId: number }) {
  if (rating === null) return <p className={styles.none}>Рейтинга пока нет</p>;
  const filled = Math.round(rating);
  const band = ratingClass(rating);
  return (
    <fieldset className={`${styles.rating} ${styles[band]}`} data-rating={band} disabled>
      <legend className="visually-hidden">Рейтинг {formatRating(rating)} из 10</legend>
      <span className={styles.stars}>
        {Array.from({ length: RATING_STARS }, (_, i) => (
          <label key={i} className={i < filled ? styles.on : styles.off}>
            <input
              type="radio"
              name={`rating-${filmId}`}
              value={i + 1}
              checked={i + 1 === filled}
              readOnly
              className="visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{i + 1}</span>
          </label>
        ))}
      </span>
      <span className={styles.value} aria-hidden="true">
        {formatRating(rating)}
      </span>
    </fieldset>
  );
}
