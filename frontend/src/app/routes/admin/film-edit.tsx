import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useFilm } from '../../../features/films/api/films';
import { FilmEditForm } from '../../../features/films/components/admin/film-edit-form';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { Missing } from '../../../shared/ui/missing';
import { QueryState } from '../../../shared/ui/query-state';

/** /admin/dashboard/films/{id}/edit, in the public layout (docs/product.md §2). */
export default function FilmEditPage() {
  const { id = '' } = useParams();
  const film = useFilm(id);
  useDocumentTitle(film.data ? `Редактирование: ${film.data.title}` : 'Редактирование фильма');
  return (
    <QueryState
      query={film}
      loading="Загрузка фильма..."
      error="Не удалось загрузить фильм"
      notFound={<Missing title="Фильм не найден" back={{ to: paths.adminSection('films'), label: 'Все фильмы' }} />}
    >
      {(data) => <FilmEditForm key={data.id} film={data} />}
    </QueryState>
  );
}
