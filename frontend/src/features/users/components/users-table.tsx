import { formatDate } from '@kino/backend/contract';
import { Avatar } from '../../../shared/ui/avatar';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { InnField } from './inn-field';
import { RoleSelect } from './role-select';

/** /admin/dashboard/users: id, name, birth date, e-mail, role (changed in place), avatar. */
export function UsersTable() {
  return (
    <ResourceTable
      title="Пользователи"
      endpoint="GET /users"
      search="Поиск по имени или почте"
      notFound="Никого не нашли"
      columns={[
        { header: 'ID', cell: (u) => u.id, numeric: true },
        { header: 'Имя', cell: (u) => u.fio },
        { header: 'Дата рождения', cell: (u) => (u.birthday ? formatDate(u.birthday) : '—') },
        { header: 'Почта', cell: (u) => u.email },
        { header: 'Роль', cell: (u) => <RoleSelect user={u} /> },
        { header: 'ИНН (для чеков)', cell: (u) => <InnField user={u} /> },
        { header: 'Аватар', cell: (u) => <Avatar src={u.avatar} name={u.fio} size={36} /> },
      ]}
      loading="Загрузка пользователей..."
      empty="Пользователей пока нет"
      error="Не удалось загрузить пользователей"
    />
  );
}
