import type { FilmReview } from '@kino/backend/contract';
import type { ReactNode } from 'react';
import { formatInstantDate, plural } from '../../../shared/lib/format';
import { Picture } from '../../../shared/ui/picture';
import { Section } from '../../../shared/ui/section';
import styles from './film-reviews.module.css';

const REACTION = { 1: 'Положительный', 2: 'Отрицательный' } as const;

interface FilmReviewsProps {
  reviews: FilmReview[];
  /** The review form (anchor #review), provided by the page. */
  form: ReactNode;
}

/** Viewers' reviews, newest first, and the link to write one. */
export function FilmReviews({ reviews, form }: FilmReviewsProps) {
  return (
    <Section id="reviews" anchor="reviews" title={`Отзывы зрителей (${reviews.length})`}>
      <p>
        <a href="#review">Написать отзыв</a>
      </p>
      {reviews.length === 0 ? (
        <p className={styles.none}>Отзывов пока нет — станьте первым.</p>
      ) : (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li
              key={review.id}
              className={`${styles.review} ${review.type_rating === 1 ? styles.positive : styles.negative}`}
            >
              <article aria-labelledby={`review-${review.id}`}>
                <header className={styles.header}>
                  <Picture src={review.user.avatar} alt="" width={48} height={48} className={styles.avatar} />
                  <div className={styles.who}>
                    <p className={styles.author}>{review.user.fio}</p>
                    <p className={styles.meta}>
                      {review.user.reviews_count} {plural(review.user.reviews_count, ['отзыв', 'отзыва', 'отзывов'])} ·{' '}
                      <time dateTime={review.created_at}>{formatInstantDate(review.created_at)}</time>
                    </p>
                  </div>
                  <span className={styles.reaction}>{REACTION[review.type_rating]}</span>
                </header>
                <h3 id={`review-${review.id}`} className={styles.title}>
                  {review.title}
                </h3>
                <p className={styles.comment}>{review.comment}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <div id="review" className={styles.form}>
        {form}
      </div>
    </Section>
  );
}
