/** /admin/dashboard/reviews: every review with its film and author; deleting one is moderation. */
import { formatDate, type StaffReview } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { ResourceTable } from '../../../shared/ui/resource-table';
import styles from './reviews-moderation.module.css';

function DeleteReview({ review }: { review: StaffReview }) {
  const queryClient = useQueryClient();
  const remove = useApiMutation('DELETE /reviews/:id', {
    onSuccess: () => void invalidate(queryClient, 'GET /reviews'),
  });
  const confirmAndDelete = () => {
    if (window.confirm(`Удалить отзыв «${review.title}» пользователя ${review.user.fio}? Его нельзя будет вернуть.`)) {
      remove.mutate({ params: { id: review.id } });
    }
  };
  return (
    <>
      <button type="button" className={styles.delete} disabled={remove.isPending} onClick={confirmAndDelete}>
        {remove.isPending ? 'Удаление...' : 'Удалить'}
      </button>
      {remove.isError && (
        <p role="alert" className={styles.error}>
          {remove.error.message}
        </p>
      )}
    </>
  );
}

export function ReviewsModeration() {
  const can = useCan();
  return (
    <ResourceTable
      title="Отзывы"
      endpoint="GET /reviews"
      search="Поиск по отзыву, фильму или автору"
      columns={[
        { header: 'ID', cell: (r) => r.id, numeric: true },
        { header: 'Фильм', cell: (r) => <Link to={paths.film(r.movie.id)}>{r.movie.title}</Link> },
        { header: 'Автор', cell: (r) => r.user.fio },
        { header: 'Реакция', cell: (r) => (r.type_rating === 1 ? 'Положительная' : 'Отрицательная') },
        {
          header: 'Отзыв',
          cell: (r) => (
            <div className={styles.text}>
              <strong>{r.title}</strong>
              <p>{r.comment}</p>
            </div>
          ),
        },
        { header: 'Дата', cell: (r) => formatDate(r.created_at) },
        ...(can('reviews', 'delete')
          ? [{ header: 'Действия', cell: (r: StaffReview) => <DeleteReview review={r} /> }]
          : []),
      ]}
      loading="Загрузка отзывов..."
      empty="Отзывов пока нет"
      error="Не удалось загрузить отзывы"
    />
  );
}
