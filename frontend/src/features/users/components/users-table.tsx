import { formatDate } from '@kino/backend/contract';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { Avatar } from '../../../shared/ui/avatar';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { SearchField } from '../../../shared/ui/search-field';
import { RoleSelect } from './role-select';

/** /admin/dashboard/users: id, name, birth date, e-mail, role (changed in place), avatar. */
export function UsersTable() {
  const [q, setQ] = useSearchParam('q');
  return (
    <ResourceTable
      title="Пользователи"
      endpoint="GET /users"
      filters={{ q: q || undefined }}
      toolbar={<SearchField label="Поиск по имени или почте" value={q} onSearch={setQ} />}
      columns={[
        { header: 'ID', cell: (u) => u.id, numeric: true },
        { header: 'Имя', cell: (u) => u.fio },
        { header: 'Дата рождения', cell: (u) => (u.birthday ? formatDate(u.birthday) : '—') },
        { header: 'Почта', cell: (u) => u.email },
        { header: 'Роль', cell: (u) => <RoleSelect user={u} /> },
        { header: 'Аватар', cell: (u) => <Avatar src={u.avatar} name={u.fio} size={36} /> },
      ]}
      loading="Загрузка пользователей..."
      empty={q ? 'Никого не нашли' : 'Пользователей пока нет'}
      error="Не удалось загрузить пользователей"
    />
  );
}
