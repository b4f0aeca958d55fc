/** /admin/dashboard/persons: the actors table, 10 a page with SPEC's pagination (photo, name, birth date, films, roles). */
import { formatDate, PERSONS_PAGE_SIZE } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Thumbnail } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { careers } from '../lib/person';

export function AdminPersons() {
  return (
    <ResourceTable
      title="Актёры"
      endpoint="GET /persons/admin"
      perPage={PERSONS_PAGE_SIZE}
      search="Поиск по имени"
      notFound="Никого не нашли"
      columns={[
        { header: 'Фото', cell: (p) => <Thumbnail src={p.main_img} alt={p.fio} width={48} height={72} /> },
        { header: 'ФИО', cell: (p) => <Link to={paths.person(p.id)}>{p.fio}</Link> },
        { header: 'Дата рождения', cell: (p) => (p.birthday ? formatDate(p.birthday) : '—'), nowrap: true },
        { header: 'Фильмов', cell: (p) => p.films_count, numeric: true },
        { header: 'Роли', cell: (p) => careers(p.role).join(', ') || '—' },
      ]}
      loading="Загрузка актёров..."
      empty="Актёров пока нет: они появятся с импортом фильмов"
      error="Не удалось загрузить актёров"
    />
  );
}
