/** /admin/dashboard/films (docs/product.md §2): the films, newest first, with 'Подробнее' to the edit. */
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { Thumbnail } from '../../../../shared/ui/picture';
import { ResourceTable } from '../../../../shared/ui/resource-table';
import { formatRating } from '../../lib/rating';

export function FilmTable() {
  return (
    <ResourceTable
      title="Фильмы"
      endpoint="GET /films/admin"
      search="Поиск по названию"
      add={{ label: 'Добавить фильм', to: paths.adminFilmCreate, resource: 'films' }}
      columns={[
        { header: 'ID', cell: (f) => f.id, numeric: true },
        { header: 'Постер', cell: (f) => <Thumbnail src={f.poster} alt={f.title} width={40} height={60} /> },
        { header: 'Название', cell: (f) => f.title },
        { header: 'Возраст', cell: (f) => `${f.age}+`, numeric: true },
        { header: 'Рейтинг', cell: (f) => (f.rating === null ? '—' : formatRating(f.rating)), numeric: true },
        { header: 'Жанры', cell: (f) => f.genres.map((g) => g.genre.name).join(', ') },
        { header: 'Страны', cell: (f) => f.countries.map((c) => c.country.name).join(', ') },
        { header: 'Год', cell: (f) => f.year ?? '—', numeric: true },
        { header: 'Прокат', cell: (f) => (f.is_rent === 1 ? 'В прокате' : 'Не в прокате'), nowrap: true },
        { header: 'Редактирование', cell: (f) => <Link to={paths.adminFilmEdit(f.id)}>Подробнее</Link>, nowrap: true },
      ]}
      loading="Загрузка фильмов..."
      empty="Фильмов пока нет: импортируйте первый с Кинопоиска"
      error="Не удалось загрузить список фильмов"
    />
  );
}
