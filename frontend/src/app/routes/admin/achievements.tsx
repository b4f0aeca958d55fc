import { formatDate } from '@kino/backend/contract';
import { ResourceTable } from '../../../shared/ui/resource-table';

/** SPEC shows this screen and not its contents: an honest empty table until achievements exist. */
export default function AdminAchievementsPage() {
  return (
    <ResourceTable
      title="Достижения"
      endpoint="GET /achievments"
      columns={[
        { header: 'ID', cell: (a) => a.id, numeric: true },
        { header: 'Название', cell: (a) => a.title },
        { header: 'Добавлено', cell: (a) => formatDate(a.created_at) },
      ]}
      loading="Загрузка достижений..."
      empty="Достижений пока нет"
      error="Не удалось загрузить достижения"
    />
  );
}
