import { REACTIONS } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FormMessage } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useOwnReviews } from '../api/profile';
import styles from './own-reviews.module.css';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** /profile/reviews: the viewer's own reviews with their count. */
export function OwnReviews() {
  const reviews = useOwnReviews();
  return (
    <section aria-labelledby="own-reviews">
      <h1 id="own-reviews">
        Мои отзывы{reviews.data && <span className={styles.count}> ({reviews.data.length})</span>}
      </h1>
      {reviews.isPending && <PageLoader label="Загрузка отзывов..." />}
      {reviews.isError && <FormMessage kind="error">Не удалось загрузить отзывы. Обновите страницу</FormMessage>}
      {reviews.data?.length === 0 && <p className={styles.empty}>Вы ещё не написали ни одного отзыва</p>}
      <ul className={styles.list}>
        {reviews.data?.map((review) => {
          const positive = review.type_rating === REACTIONS.positive;
          return (
            <li key={review.id} className={`${styles.review} ${positive ? styles.positive : styles.negative}`}>
              <p className={styles.meta}>
                <Link to={paths.film(review.movie.id)}>{review.movie.title}</Link>
                {' · '}
                <time dateTime={review.created_at}>{dateFormat.format(new Date(review.created_at))}</time>
                {' · '}
                {positive ? 'Положительная' : 'Отрицательная'}
              </p>
              <h2 className={styles.title}>{review.title}</h2>
              <p className={styles.comment}>{review.comment}</p>
            </li>
          );
        })}
      </ul>
      <Link to={paths.profile}>Вернуться в профиль</Link>
    </section>
  );
}
